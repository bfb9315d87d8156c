import type { MessageFeedback, ProviderName, SetFeedbackRequest } from '@parallax/contract';
import { isApiError } from '../../../lib/errors/api-error';
import { openRateLimitModal } from '../../../ui/rate-limit-modal';
import { toast } from '../../../ui/toast/toast-store';
import { startContinuation, versionOf } from '../model/message-transitions';
import { assistantKey, type UiMessage } from '../model/ui-message';
import { chatSocket } from '../socket/chat-connection';
import { useChatStorage } from '../store/chat-storage';
import { readEndedAnswer, send, startChatStreaming } from './chat-actions';
import { backendOf } from './chat-backend';
import { updateMessages } from './chat-session-store';
import type { SendOutcome } from './send-flow';
import { watchStream } from './stream-events';

/** Puts one bubble back as it was (an action the server refused). */
function restore(threadKey: string, message: UiMessage): void {
  updateMessages(threadKey, (list) => list.map((m) => (m.key === message.key ? message : m)));
}

/**
 * Continue: the model carries on with a stopped, cut or broken-off answer, and the same bubble
 * grows. It spends one message, like a send; a spent allowance opens the rate-limit modal.
 */
export async function continueAnswer(threadKey: string, message: UiMessage): Promise<void> {
  const backend = backendOf(threadKey);
  const from = message.continueFrom;
  if (!backend.continueAnswer || from === undefined) return;
  startChatStreaming();
  const id = message.messageId;
  updateMessages(threadKey, (list) => startContinuation(list, id, from));
  const limits = useChatStorage.getState();
  let reply;
  try {
    reply = await backend.continueAnswer(id);
  } catch (error) {
    restore(threadKey, message);
    if (isApiError(error) && error.status === 429) {
      limits.setLimits(0);
      openRateLimitModal({ remaining: 0, dailyLimit: limits.dailyLimit ?? 0 });
      return;
    }
    toast.error('Could not continue the answer', isApiError(error) ? error.message : undefined);
    return;
  }
  limits.setLimits(reply.remaining_messages);
  updateMessages(threadKey, (list) =>
    list.map((m) => (m.key === assistantKey(id) ? { ...m, requestId: reply.request_id } : m)),
  );
  if (reply.status === 'streaming') {
    // The continuation's stream starts again at sequence 1: follow it from the start.
    chatSocket().resume(id, 0);
    watchStream(id);
  } else await readEndedAnswer(threadKey, id);
}

/** Thumbs: shown at once, put back if the server refuses. `null` removes the rating. */
export async function rateAnswer(
  threadKey: string,
  message: UiMessage,
  body: SetFeedbackRequest | null,
): Promise<boolean> {
  const backend = backendOf(threadKey);
  if (!backend.rateAnswer) return false;
  const shown: MessageFeedback | undefined = body
    ? { rating: body.rating, reason: body.reason ?? null, comment: body.comment || null }
    : undefined;
  const { feedback: _old, ...rest } = message;
  restore(threadKey, shown ? { ...rest, feedback: shown } : rest);
  try {
    await backend.rateAnswer(message.messageId, body);
    return true;
  } catch (error) {
    restore(threadKey, message);
    toast.error('Could not save your feedback', isApiError(error) ? error.message : undefined);
    return false;
  }
}

/** Regenerate with another model: the same question, a new version of the answer by that model. */
export function regenerateWith(
  threadKey: string,
  message: UiMessage,
  model: { provider: ProviderName; id: string },
): Promise<SendOutcome> | null {
  if (!message.prompt) return null;
  return send({
    threadKey,
    prompt: {
      ...message.prompt,
      conversationId: message.conversationId,
      provider: model.provider,
      model: model.id,
    },
    versionOf: versionOf(message),
  });
}
