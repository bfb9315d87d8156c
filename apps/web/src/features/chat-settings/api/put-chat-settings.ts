import type { ChatSettings } from '@parallax/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { chatSettingsKey } from './chat-settings-keys';

/** PUT /chat/conversations/{id}/settings: replaces them all. */
export async function putChatSettings(
  conversationId: string,
  settings: ChatSettings,
): Promise<ChatSettings> {
  const res = await http.put<unknown>(
    `/chat/conversations/${encodeURIComponent(conversationId)}/settings`,
    settings,
  );
  return parseWire('ChatSettingsResponse', res.data).settings;
}

export function usePutChatSettings(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChatSettings) => putChatSettings(conversationId ?? '', settings),
    onSuccess: (saved) => queryClient.setQueryData(chatSettingsKey(conversationId ?? ''), saved),
  });
}
