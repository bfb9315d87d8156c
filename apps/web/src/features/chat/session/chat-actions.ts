import { toast } from '../../../ui/toast/toast-store';
import { openRateLimitModal } from '../../../ui/rate-limit-modal';
import { isLive, removeTurn, versionOf } from '../model/message-transitions';
import { assistantKey, turnToMessages, type Prompt, type UiMessage } from '../model/ui-message';
import { chatSocket } from '../socket/chat-connection';
import { useChatStorage } from '../store/chat-storage';
import { backendOf, plainChatBackend, type ChatBackend } from './chat-backend';
import { getThread, ownerOf, updateMessages } from './chat-session-store';
import { sendFlow, type SendDeps, type SendRequest, type SendOutcome } from './send-flow';
import {
  handleSocketEvent,
  markCancelled,
  markCancelling,
  setStreamHandlers,
  watchStream,
} from './stream-events';

let started = false;

/** Connects the socket's events to the message lists once per page. */
export function startChatStreaming(): void {
  if (started) return;
  started = true;
  const socket = chatSocket();
  socket.onEvent(handleSocketEvent);
  setStreamHandlers({
    onSilence: (messageId) => {
      socket.untrack(messageId);
      const message = findAssistant(messageId);
      void backendOfMessage(messageId)
        .cancel({ requestId: message?.requestId ?? null, messageId })
        .catch(() => undefined);
    },
    onGap: (messageId, sequence) => socket.resume(messageId, sequence),
    onLost: (messageId) => {
      const owner = ownerOf(messageId);
      if (!owner || !backendOf(owner).replayEndsWithAnswer) return false;
      socket.untrack(messageId);
      void readEndedAnswer(owner, messageId);
      return true;
    },
  });
}

function findAssistant(messageId: string): UiMessage | undefined {
  const owner = ownerOf(messageId);
  return owner
    ? getThread(owner).messages.find((m) => m.key === assistantKey(messageId))
    : undefined;
}

function backendOfMessage(messageId: string): ChatBackend {
  const owner = ownerOf(messageId);
  return owner ? backendOf(owner) : plainChatBackend;
}

export function appSendDeps(backend: ChatBackend): SendDeps {
  const socket = chatSocket();
  return {
    checkLimits: (input) => backend.checkLimits(input),
    allocateMessageId: () => backend.allocateMessageId(),
    sendMessage: (input, files) => backend.sendMessage(input, files),
    track: (id) => socket.track(id),
    untrack: (id) => socket.untrack(id),
    openRateLimitModal,
    notifyError: (text) => void toast.error(text),
    setLimits: (remaining, daily) => useChatStorage.getState().setLimits(remaining, daily),
    dailyLimit: () => useChatStorage.getState().dailyLimit,
    now: () => new Date().toISOString(),
  };
}

export function send(request: SendRequest): Promise<SendOutcome> {
  startChatStreaming();
  return sendFlow(appSendDeps(backendOf(request.threadKey)), request);
}

/**
 * Retry (error messages only). A send that never reached the server goes again with its id; an
 * answer that failed on the server gets a new version, so the failed one stays behind it.
 */
export function retry(threadKey: string, message: UiMessage): Promise<SendOutcome> | null {
  if (message.status !== 'error' || !message.prompt) return null;
  if (!message.sendFailed) return regenerate(threadKey, message);
  updateMessages(threadKey, (list) => removeTurn(list, message.messageId));
  return send({
    threadKey,
    prompt: message.prompt,
    reuseMessageId: message.messageId,
    ...(message.versionOf && { versionOf: message.versionOf }),
  });
}

/** Regenerate: the same question again, as a new version of the turn's answer. */
export function regenerate(threadKey: string, message: UiMessage): Promise<SendOutcome> | null {
  if (!message.prompt) return null;
  return send({
    threadKey,
    prompt: { ...message.prompt, conversationId: message.conversationId },
    versionOf: versionOf(message),
  });
}

/** "Edit and resend": the edited question replaces the turn, and what followed it, with a new version. */
export function editAndResend(
  threadKey: string,
  message: UiMessage,
  prompt: Prompt,
): Promise<SendOutcome> {
  return send({ threadKey, prompt, versionOf: versionOf(message) });
}

/** Stop: the server aborts the upstream; what streamed so far stays with the cancel note. */
export async function stop(message: UiMessage): Promise<void> {
  const socket = chatSocket();
  const undoCancelling = markCancelling(message.messageId);
  try {
    await backendOfMessage(message.messageId).cancel({
      requestId: message.requestId,
      messageId: message.messageId,
    });
  } catch (error) {
    undoCancelling();
    toast.error('Could not stop the answer', error instanceof Error ? error.message : undefined);
    return;
  }
  socket.untrack(message.messageId);
  markCancelled(message.messageId);
}

/**
 * Answers a history page says are still streaming pick up their stream, from what the screen
 * already shows of them: the page's copy never holds streamed text (a bubble that does was
 * kept by the merge), and a socket already following the answer needs no replay at all.
 */
export function resumeLive(messages: readonly UiMessage[]): void {
  startChatStreaming();
  const socket = chatSocket();
  for (const m of messages) {
    if (m.role !== 'assistant' || !isLive(m)) continue;
    const shown = findAssistant(m.messageId) ?? m;
    if (!isLive(shown)) continue;
    const sequence = shown.sequence ?? 0;
    if (!socket.isTracking(m.messageId) || socket.lastSequenceOf(m.messageId) > sequence)
      socket.resume(m.messageId, sequence);
    watchStream(m.messageId);
  }
}

/**
 * An answer whose stream the server no longer knows (its replay went when it ended): the
 * stored turn takes the place of what the screen showed of it.
 */
export async function readEndedAnswer(conversationId: string, messageId: string): Promise<void> {
  try {
    const history = await backendOf(conversationId).history(conversationId, null);
    const turn = history.messages.find((m) => m.id === messageId);
    const stored = turn && turnToMessages(turn).find((m) => m.role === 'assistant');
    if (!stored || isLive(stored)) return;
    updateMessages(conversationId, (list) =>
      list.map((m) => (m.key === assistantKey(messageId) && isLive(m) ? stored : m)),
    );
  } catch {
    // The watchdog ends a bubble that stays live.
  }
}
