import type { ChatTitleSettings, UpdateChatTitleSettingsRequest } from '@parallax/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

export const adminChatTitlesKey = ['admin', 'chat-titles'] as const;

/** GET /admin/chat-titles: the model that names new chats, null when first words do. */
export async function getChatTitleSettings(): Promise<ChatTitleSettings> {
  const res = await http.get<unknown>('/admin/chat-titles');
  return parseWire('ChatTitleSettings', res.data);
}

/** PUT /admin/chat-titles. */
export async function updateChatTitleSettings(
  body: UpdateChatTitleSettingsRequest,
): Promise<ChatTitleSettings> {
  const res = await http.put<unknown>('/admin/chat-titles', body);
  return parseWire('ChatTitleSettings', res.data);
}

export function useChatTitleSettings() {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: adminChatTitlesKey,
    queryFn: getChatTitleSettings,
    enabled: isAdmin,
  });
}

export function useUpdateChatTitleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (modelId: string | null) => updateChatTitleSettings({ model_id: modelId }),
    onSuccess: (saved) => queryClient.setQueryData(adminChatTitlesKey, saved),
  });
}
