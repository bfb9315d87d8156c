import type {
  Attachment,
  MessageFeedback,
  SetFeedbackRequest,
  CheckLimitsRequest,
  HistoryResponse,
  LimitsResponse,
  MessageResponse,
} from '@parallax/contract';
import { allocateMessageId } from '../api/allocate-message-id';
import { cancelGeneration } from '../api/cancel-generation';
import { clearFeedback } from '../api/clear-feedback';
import { continueAnswer } from '../api/continue-answer';
import { setFeedback } from '../api/set-feedback';
import { checkLimits } from '../api/check-limits';
import { downloadAttachment } from '../api/download-attachment';
import { getConversation } from '../api/get-conversation';
import { getHistory } from '../api/get-history';
import { selectVersion } from '../api/select-version';
import { sendMessage, type SendInput } from '../api/send-message';
import { forgetThreadState, renameThread } from './chat-session-store';

/**
 * Where a chat screen's turns come from and go to. The screen, the send flow and the stream
 * handling are the same for every chat; a backend says which routes hold the turns (the plain
 * chat's, or the vault's sealed ones). Everything speaks the chat's wire types: a backend with
 * other ones maps them at its edge.
 */
export interface ChatBackend {
  /** The conversation's title (null: not named yet). */
  title(conversationId: string): Promise<string | null>;
  /** A page of turns of the current branch, newest page first; `cursor` asks for older ones. */
  history(conversationId: string, cursor: string | null): Promise<HistoryResponse>;
  /** Makes that version of its turn the one shown and continued from; answers the new branch. */
  selectVersion(messageId: string): Promise<HistoryResponse>;
  checkLimits(input: CheckLimitsRequest): Promise<LimitsResponse>;
  allocateMessageId(): Promise<string>;
  sendMessage(input: SendInput, files: readonly File[]): Promise<MessageResponse>;
  /** Stop: the server aborts the upstream; true when something was running. */
  cancel(target: { requestId: string | null; messageId: string }): Promise<boolean>;
  downloadAttachment(attachment: Attachment): Promise<void>;
  /**
   * True when the server drops an answer's replay the moment it ends: a stream it no longer
   * knows has ended, and the stored turn is read again instead of showing a failure.
   */
  readonly replayEndsWithAnswer: boolean;
  /** Continue a stopped or cut answer; absent where the backend has none (Continue is hidden). */
  continueAnswer?(messageId: string): Promise<MessageResponse>;
  /** Rate an answer (null removes the rating); absent where the backend has none (thumbs hidden). */
  rateAnswer?(messageId: string, body: SetFeedbackRequest | null): Promise<MessageFeedback | null>;
}

/** The plain chat: /chat/messages and its neighbours. */
export const plainChatBackend: ChatBackend = {
  title: async (id) => (await getConversation(id)).title,
  history: getHistory,
  selectVersion,
  checkLimits,
  allocateMessageId,
  sendMessage: (input, files) => sendMessage(input, files),
  cancel: cancelGeneration,
  downloadAttachment: (attachment) => downloadAttachment(attachment.id, attachment.filename),
  replayEndsWithAnswer: false,
  continueAnswer,
  rateAnswer: async (messageId, body) => {
    if (body) return setFeedback(messageId, body);
    await clearFeedback(messageId);
    return null;
  },
};

const bound = new Map<string, ChatBackend>();

/** The backend of a thread (the plain chat unless a screen bound another). */
export function backendOf(threadKey: string): ChatBackend {
  return bound.get(threadKey) ?? plainChatBackend;
}

/**
 * A screen shows `threadKey` through `backend`. A thread kept from another backend (a chat
 * moved into the vault keeps its id) is dropped, so the new one loads its own turns.
 */
export function bindThread(threadKey: string, backend: ChatBackend): void {
  if (backendOf(threadKey) === backend) return;
  forgetThreadState(threadKey);
  if (backend === plainChatBackend) bound.delete(threadKey);
  else bound.set(threadKey, backend);
}

/** A new chat's thread becomes its conversation's thread, bound to the same backend. */
export function renameBoundThread(from: string, to: string): void {
  renameThread(from, to);
  const backend = bound.get(from);
  if (!backend || from === to) return;
  bound.delete(from);
  bound.set(to, backend);
}
