import type { CompareAnswer, CompareSession } from '@parallax/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/errors/api-error';
import { cancelGeneration } from '../../chat';
import { checkCompareLimits } from '../api/check-limits';
import { allocatePanelMessageId, sendPanel } from '../api/send-panel';
import { useLimitNotice } from '../store/limit-notice';
import { usePendingTurns } from '../store/pending-turns';
import { compareStreamer, sessionKey, socketReady } from './compare-runtime';
import { isRunning } from './live-answer';

const SEND_FAILED = 'The answer could not be sent. Try again.';

function errorText(error: unknown): string {
  if (isApiError(error)) return error.detail ?? error.message;
  return SEND_FAILED;
}

/** Checks that every panel can spend its unit; opens the limit notice when not. */
async function hasUnits(panels: number): Promise<boolean> {
  const limits = await checkCompareLimits(panels);
  if (limits.can_send) return true;
  useLimitNotice.getState().open({
    needed: limits.needed,
    remaining: limits.remaining_messages ?? 0,
    dailyLimit: limits.daily_limit,
  });
  return false;
}

/** Sends one panel's turn and follows it; one panel failing never touches the others. */
async function sendOne(
  queryClient: QueryClient,
  sessionId: string,
  panel: number,
  message: string,
  messageId: string,
  isRetry: boolean,
  webSearch: boolean,
): Promise<void> {
  const streamer = compareStreamer(queryClient);
  await socketReady();
  streamer.follow(messageId, panel, { resume: false, sentAt: performance.now() });
  try {
    const reply = await sendPanel(sessionId, panel, { message, messageId, webSearch });
    if (!isRunning(reply.status)) streamer.settle(messageId, reply.status, null);
    else if (isRetry) streamer.restart(messageId);
  } catch (error) {
    if (isApiError(error) && error.status === 429) void hasUnits(1);
    streamer.settle(messageId, 'error', errorText(error));
  }
}

/** One prompt to every panel at once (the first turn or a follow-up). */
export async function sendTurn(
  queryClient: QueryClient,
  session: CompareSession,
  prompt: string,
  /** The comparison's Web search toggle: every panel's model may search. */
  webSearch = false,
): Promise<boolean> {
  if (!(await hasUnits(session.panels.length))) return false;
  const ids = await Promise.all(session.panels.map(() => allocatePanelMessageId()));
  const answers = session.panels.map((panel, i) => ({
    panel: panel.index,
    messageId: ids[i] ?? '',
  }));
  usePendingTurns.getState().set(session.id, { prompt, answers });
  await Promise.all(
    answers.map((a) =>
      sendOne(queryClient, session.id, a.panel, prompt, a.messageId, false, webSearch),
    ),
  );
  await queryClient.invalidateQueries({ queryKey: sessionKey(session.id) });
  return true;
}

/** Sends a failed panel answer again (same message id: the server retries that turn). */
export async function retryPanel(
  queryClient: QueryClient,
  sessionId: string,
  answer: CompareAnswer,
  prompt: string,
  webSearch = false,
): Promise<void> {
  if (!(await hasUnits(1))) return;
  await sendOne(queryClient, sessionId, answer.panel, prompt, answer.message_id, true, webSearch);
  await queryClient.invalidateQueries({ queryKey: sessionKey(sessionId) });
}

/** Stops one panel's answer; the others keep streaming. */
export async function stopPanel(messageId: string): Promise<void> {
  await cancelGeneration({ requestId: null, messageId });
}

/** A reopened session: answers still streaming are picked up from their first token. */
export function resumeRunning(queryClient: QueryClient, session: CompareSession): void {
  const streamer = compareStreamer(queryClient);
  for (const turn of session.turns) {
    for (const answer of turn.answers) {
      if (isRunning(answer.status) && !streamer.isFollowing(answer.message_id))
        streamer.follow(answer.message_id, answer.panel, { resume: true });
    }
  }
}
