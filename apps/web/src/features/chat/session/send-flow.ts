import {
  LIMITS,
  MESSAGES,
  type CheckLimitsRequest,
  type LimitsResponse,
  type MessageResponse,
} from '@parallax/contract';
import { isApiError } from '../../../lib/errors/api-error';
import type { RateLimitInfo } from '../../../ui/rate-limit-modal';
import type { SendInput } from '../api/send-message';
import {
  addOptimistic,
  applySendFailure,
  applySendReply,
  failStream,
  removeTurn,
  type VersionOf,
} from '../model/message-transitions';
import type { Prompt } from '../model/ui-message';
import { getThread, NEW_THREAD, renameThread, updateMessages } from './chat-session-store';
import { watchStream } from './stream-events';

/** Everything the send flow talks to, injected so tests can drive every branch. */
export interface SendDeps {
  checkLimits(input: CheckLimitsRequest): Promise<LimitsResponse>;
  allocateMessageId(): Promise<string>;
  sendMessage(input: SendInput, files: readonly File[]): Promise<MessageResponse>;
  /** Follow the message on the socket before the send, so no early token is missed. */
  track(messageId: string): void;
  untrack(messageId: string): void;
  openRateLimitModal(info: RateLimitInfo): void;
  notifyError(text: string): void;
  setLimits(remaining: number | null, dailyLimit?: number | null): void;
  dailyLimit(): number | null;
  now(): string;
}

export interface SendRequest {
  threadKey: string;
  prompt: Prompt;
  files?: readonly File[];
  /** A retry of a send that never reached the server keeps its id (sends are idempotent). */
  reuseMessageId?: string;
  /** Regenerate or "Edit and resend": the turn this send replaces with a new version. */
  versionOf?: VersionOf;
}

export type SendOutcome =
  | { kind: 'sent'; conversationId: string; messageId: string }
  | { kind: 'blocked' }
  | { kind: 'failed' }
  /** No id could be allocated: nothing was sent or shown. */
  | { kind: 'unsent' }
  | { kind: 'invalid'; error: string };

function numberField(data: unknown, key: string): number | null {
  if (!data || typeof data !== 'object') return null;
  const value: unknown = (data as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : null;
}

/** The modal's figures from the server's own account of the allowance. */
function rateLimitInfo(limits: LimitsResponse): RateLimitInfo {
  return {
    remaining: limits.remaining_messages ?? 0,
    dailyLimit: limits.daily_limit ?? 0,
    resetsAt: limits.resets_at,
    freeDailyLimit: limits.free_daily_limit,
  };
}

/** Spec §4 "Sending" and §5: limits → id → optimistic message → send → reply or failure. */
export async function sendFlow(deps: SendDeps, request: SendRequest): Promise<SendOutcome> {
  const content = request.prompt.content.trim().slice(0, LIMITS.messageMaxChars);
  if (!content) return { kind: 'invalid', error: MESSAGES.messageEmpty };
  const prompt: Prompt = { ...request.prompt, content };
  const files = request.files ?? [];

  const limitsQuery: CheckLimitsRequest = {
    provider: prompt.provider,
    model: prompt.model,
    conversation_id: prompt.conversationId,
  };
  try {
    const limits = await deps.checkLimits(limitsQuery);
    deps.setLimits(limits.remaining_messages, limits.daily_limit);
    if (!limits.can_send_message) {
      deps.openRateLimitModal(rateLimitInfo(limits));
      return { kind: 'blocked' };
    }
  } catch {
    // Spec §5: when the check itself fails, sending is allowed; the send enforces the limit.
  }

  let messageId = request.reuseMessageId;
  if (!messageId) {
    try {
      messageId = await deps.allocateMessageId();
    } catch {
      deps.notifyError(MESSAGES.allocateIdFailed);
      return { kind: 'unsent' };
    }
  }
  const id = messageId;

  deps.track(id);
  // A refused version gives the turns it replaced on screen back.
  const shownBefore = getThread(request.threadKey).messages;
  updateMessages(request.threadKey, (list) =>
    addOptimistic(list, {
      messageId: id,
      prompt,
      versionOf: request.versionOf,
      now: deps.now(),
      attachments: files.map((file, index) => ({
        id: `local-${index}`,
        filename: file.name,
        content_type: file.type || 'application/octet-stream',
        size: file.size,
        url: '',
      })),
    }),
  );

  let reply: MessageResponse;
  try {
    reply = await deps.sendMessage(
      {
        message: content,
        message_id: id,
        conversation_id: prompt.conversationId,
        ...(prompt.projectId && !prompt.conversationId ? { project_id: prompt.projectId } : {}),
        ...(prompt.promptGeneratorId ? { prompt_generator_id: prompt.promptGeneratorId } : {}),
        ...(prompt.chatSettings && !prompt.conversationId
          ? { chat_settings: prompt.chatSettings }
          : {}),
        provider: prompt.provider,
        model: prompt.model,
        ...(request.versionOf && { version_of: request.versionOf.messageId }),
        ...(prompt.webSearch !== undefined && { web_search: prompt.webSearch }),
        ...(prompt.mcp !== undefined && { mcp: prompt.mcp }),
      },
      files,
    );
  } catch (error) {
    deps.untrack(id);
    if (isApiError(error) && error.status === 429) {
      updateMessages(request.threadKey, (list) =>
        request.versionOf ? shownBefore : removeTurn(list, id),
      );
      const dailyLimit = numberField(error.data, 'daily_limit') ?? deps.dailyLimit() ?? 0;
      deps.setLimits(0);
      // The refusal carries no renewal time or sign-up offer: ask for them, or show the count alone.
      const limits = await deps.checkLimits(limitsQuery).catch(() => null);
      deps.openRateLimitModal(
        limits ? { ...rateLimitInfo(limits), remaining: 0 } : { remaining: 0, dailyLimit },
      );
      return { kind: 'blocked' };
    }
    const text = isApiError(error) ? error.message : MESSAGES.sendFailedFallback;
    updateMessages(request.threadKey, (list) =>
      applySendFailure(list, id, prompt, text, request.versionOf),
    );
    return { kind: 'failed' };
  }

  deps.setLimits(reply.remaining_messages);
  updateMessages(request.threadKey, (list) => applySendReply(list, prompt, reply));
  if (reply.status === 'error') {
    deps.untrack(id);
    updateMessages(request.threadKey, (list) => failStream(list, id, MESSAGES.streamErrorService));
  } else if (reply.response) {
    deps.untrack(id);
  } else {
    watchStream(id);
  }
  if (request.threadKey === NEW_THREAD) renameThread(NEW_THREAD, reply.conversation_id);
  return { kind: 'sent', conversationId: reply.conversation_id, messageId: id };
}
