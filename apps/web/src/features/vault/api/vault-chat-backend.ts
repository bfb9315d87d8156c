import type { VaultChatDetail, VaultSendRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';
import { plainChatBackend, type ChatBackend, type SendInput } from '../../chat';
import { vaultChatToHistory, vaultFilePath, vaultReplyToChat } from '../model/vault-turns';
import { cancelVaultAnswer, sendVaultMessage } from './send-vault-message';
import { call, getVaultChat, opts } from './vault-items';

/** One read of a chat for its title and its turns asked together (each read opens every turn). */
const reading = new Map<string, Promise<VaultChatDetail>>();
function readChat(id: string): Promise<VaultChatDetail> {
  const pending = reading.get(id);
  if (pending) return pending;
  const read = getVaultChat(id).finally(() => reading.delete(id));
  reading.set(id, read);
  return read;
}

/** POST /vault/chats/messages/{id}/select: that version is shown and continued from. */
async function selectVaultVersion(messageId: string): Promise<VaultChatDetail> {
  const data = await call(() =>
    http.post<unknown>(
      `/vault/chats/messages/${encodeURIComponent(messageId)}/select`,
      undefined,
      opts(),
    ),
  );
  return parseWire('VaultChatDetail', data);
}

/** The send's body: the vault's own request, from the chat's (no project or generator there). */
export function vaultSendBody(input: SendInput): VaultSendRequest {
  return {
    message: input.message,
    message_id: input.message_id,
    provider: input.provider,
    model: input.model,
    ...(input.conversation_id ? { conversation_id: input.conversation_id } : {}),
    ...(input.version_of ? { version_of: input.version_of } : {}),
    ...(input.web_search ? { web_search: true } : {}),
    ...(input.mcp && input.mcp.servers.length > 0 ? { mcp: input.mcp } : {}),
  };
}

/**
 * A chat kept in the vault, shown by the chat screen: its turns come from and go to the vault
 * routes with the vault token (a 423 there locks the screen); answers stream on the same socket
 * as any chat's, and the server drops an answer's replay when it ends (it is sealed then).
 */
export const vaultChatBackend: ChatBackend = {
  title: async (id) => (await readChat(id)).title,
  history: async (id) => vaultChatToHistory(await readChat(id)),
  selectVersion: async (messageId) => vaultChatToHistory(await selectVaultVersion(messageId)),
  // The allowance is the account's, whichever chat spends it; the chat itself is not asked for.
  checkLimits: (input) => plainChatBackend.checkLimits({ ...input, conversation_id: null }),
  // Any fresh id: the vault stores the turn under the id the send brings.
  allocateMessageId: () => Promise.resolve(crypto.randomUUID()),
  sendMessage: async (input, files) =>
    vaultReplyToChat(await sendVaultMessage(vaultSendBody(input), files)),
  cancel: ({ messageId }) => cancelVaultAnswer(messageId),
  downloadAttachment: async (attachment) => {
    const blob = await call(() =>
      http.get<Blob>(vaultFilePath(attachment.url), {
        ...opts(),
        responseType: 'blob',
      }),
    );
    saveBlob(blob, attachment.filename);
  },
  replayEndsWithAnswer: true,
};
