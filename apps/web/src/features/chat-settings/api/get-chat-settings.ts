import type { ChatSettings } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { chatSettingsKey } from './chat-settings-keys';

/** GET /chat/conversations/{id}/settings. */
export async function getChatSettings(conversationId: string): Promise<ChatSettings> {
  const res = await http.get<unknown>(
    `/chat/conversations/${encodeURIComponent(conversationId)}/settings`,
  );
  return parseWire('ChatSettingsResponse', res.data).settings;
}

export function useChatSettings(conversationId: string | null) {
  return useQuery({
    queryKey: chatSettingsKey(conversationId ?? ''),
    queryFn: () => getChatSettings(conversationId ?? ''),
    enabled: conversationId !== null,
  });
}
