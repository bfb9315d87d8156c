import { toast } from '../../../ui/toast/toast-store';
import { openRateLimitModal } from '../../../ui/rate-limit-modal';
import { allocateMessageId } from '../api/allocate-message-id';
import { cancelGeneration } from '../api/cancel-generation';
import { checkLimits } from '../api/check-limits';
import { sendMessage } from '../api/send-message';
import { isLive, removeTurn } from '../model/message-transitions';
import { assistantKey, type UiMessage } from '../model/ui-message';
import { chatSocket } from '../socket/chat-connection';
import { useChatStorage } from '../store/chat-storage';
import { getThread, ownerOf, updateMessages } from './chat-session-store';
import { sendFlow, type SendDeps, type SendRequest, type SendOutcome } from './send-flow';
import { handleSocketEvent, markCancelled, markCancelling, setSilenceHandler, watchStream } from './stream-events';

let started = false;

/** Connects the socket's events to the message lists once per page. */
export function startChatStreaming(): void {
  if (started) return;
  started = true;
  const socket = chatSocket();
  socket.onEvent(handleSocketEvent);
  setSilenceHandler((messageId) => {
    socket.untrack(messageId);
    const message = findAssistant(messageId);
    void cancelGeneration({ requestId: message?.requestId ?? null, messageId }).catch(() => undefined);
  });
}

function findAssistant(messageId: string): UiMessage | undefined {
  const owner = ownerOf(messageId);
  return owner ? getThread(owner).messages.find((m) => m.key === assistantKey(messageId)) : undefined;
}

export function appSendDeps(): SendDeps {
  const socket = chatSocket();
  return {
    checkLimits,
    allocateMessageId,
    sendMessage: (input, files) => sendMessage(input, files),
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
  return sendFlow(appSendDeps(), request);
}

/** Retry (error messages only): the turn goes back to pending and is sent again. */
export function retry(threadKey: string, message: UiMessage): Promise<SendOutcome> | null {
  if (message.status !== 'error' || !message.prompt) return null;
  updateMessages(threadKey, (list) => removeTurn(list, message.messageId));
  return send({
    threadKey,
    prompt: message.prompt,
    ...(message.sendFailed && { reuseMessageId: message.messageId }),
  });
}

/** Stop: the server aborts the upstream; what streamed so far stays with the cancel note. */
export async function stop(message: UiMessage): Promise<void> {
  const socket = chatSocket();
  const undoCancelling = markCancelling(message.messageId);
  try {
    await cancelGeneration({ requestId: message.requestId, messageId: message.messageId });
  } catch (error) {
    undoCancelling();
    toast.error('Could not stop the answer', error instanceof Error ? error.message : undefined);
    return;
  }
  socket.untrack(message.messageId);
  markCancelled(message.messageId);
}

/** Messages that were still streaming when the page loaded pick up their stream again. */
export function resumeLive(messages: readonly UiMessage[]): void {
  startChatStreaming();
  const socket = chatSocket();
  for (const m of messages) {
    if (m.role !== 'assistant' || !isLive(m)) continue;
    // Text already on screen came from this socket: only what follows it is needed.
    socket.resume(m.messageId, m.content ? socket.lastSequenceOf(m.messageId) : 0);
    watchStream(m.messageId);
  }
}
