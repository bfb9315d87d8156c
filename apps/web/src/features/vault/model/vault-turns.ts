import {
  MessageStatus,
  type Attachment,
  type ChatMessage,
  type HistoryResponse,
  type MessageResponse,
  type VaultAttachment,
  type VaultChatDetail,
  type VaultChatMessage,
  type VaultSendResponse,
} from '@parallax/contract';

/*
 * The vault's turns in the chat's wire form, so the one chat screen shows them: the vault
 * routes answer their own (sealed at rest, opened per request) shape, mapped here at the edge.
 */

const API_ROOT = '/api/v1';

/** Where a vault chat's file downloads (with the vault token: never a bare link). */
export function vaultFileUrl(chatId: string, attachmentId: string): string {
  return `${API_ROOT}/vault/chats/${encodeURIComponent(chatId)}/attachments/${encodeURIComponent(attachmentId)}`;
}

/** The API client's path of a file's url made by vaultFileUrl. */
export function vaultFilePath(url: string): string {
  return url.startsWith(API_ROOT) ? url.slice(API_ROOT.length) : url;
}

function statusOf(status: string): MessageStatus {
  const known = MessageStatus.safeParse(status);
  return known.success ? known.data : 'error';
}

function attachmentsOf(chatId: string, files: readonly VaultAttachment[]): Attachment[] {
  return files.map((file) => ({ ...file, url: vaultFileUrl(chatId, file.id) }));
}

/** One vault turn as a chat history turn (`chatId`: the vault chat it was opened from). */
export function vaultTurnToChat(chatId: string, turn: VaultChatMessage): ChatMessage {
  return {
    id: turn.id,
    conversation_id: turn.conversation_id,
    type: 'user',
    content: turn.content,
    response: turn.response,
    created_at: turn.created_at,
    updated_at: turn.created_at,
    is_authenticated: true,
    provider: turn.provider,
    model: turn.model,
    model_friendly_name: turn.model_friendly_name,
    status: statusOf(turn.status),
    attachments: attachmentsOf(chatId, turn.attachments),
    tokens: null,
    error: turn.error,
    // A vault answer is stopped by its message id: there is no request id to name.
    request_id: null,
    comparison_id: null,
    parent_id: turn.parent_id,
    sibling_ids: turn.sibling_ids,
    sibling_index: turn.sibling_index,
    question_version_ids: turn.question_version_ids,
    question_version_index: turn.question_version_index,
    answer_sibling_ids: turn.answer_sibling_ids,
    answer_sibling_index: turn.answer_sibling_index,
    sources: [],
  };
}

/** A vault chat's current branch as the one page of chat history it is. */
export function vaultChatToHistory(chat: VaultChatDetail): HistoryResponse {
  return {
    messages: chat.messages.map((turn) => vaultTurnToChat(chat.id, turn)),
    has_more: false,
    cursor: null,
    remaining_messages: null,
  };
}

/** A vault send's answer as the chat's send reply. */
export function vaultReplyToChat(reply: VaultSendResponse): MessageResponse {
  const turn = reply.message;
  return {
    id: turn.id,
    conversation_id: reply.conversation_id,
    message: turn.content,
    response: turn.response,
    created_at: turn.created_at,
    is_authenticated: true,
    provider: turn.provider,
    model: turn.model,
    model_friendly_name: turn.model_friendly_name,
    status: statusOf(turn.status),
    attachments: attachmentsOf(reply.conversation_id, turn.attachments),
    remaining_messages: reply.remaining_messages,
    request_id: reply.request_id,
    sources: [],
  };
}

/** The path segment of a vault chat not started yet (/vault/chats/new). */
export const NEW_VAULT_CHAT = 'new';
