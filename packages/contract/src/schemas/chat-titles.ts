import { z } from 'zod';
import { IsoTimestamp } from './common';

/**
 * The instruction a title request opens with. Shared so a test upstream (provider-sim) can
 * recognise a title request and answer it predictably.
 */
export const CHAT_TITLE_PROMPT =
  'Write a title of at most six words for a chat that begins with the message below. Answer with the title alone, without quotes.';

/** GET|PUT /api/v1/admin/chat-titles: which model names new chats; null: their first words do. */
export const ChatTitleSettings = z.object({
  model_id: z.string().min(1).max(128).nullable(),
  updated_at: IsoTimestamp.nullable(),
});
export type ChatTitleSettings = z.infer<typeof ChatTitleSettings>;

export const UpdateChatTitleSettingsRequest = z.object({
  model_id: z.string().min(1).max(128).nullable(),
});
export type UpdateChatTitleSettingsRequest = z.infer<typeof UpdateChatTitleSettingsRequest>;
