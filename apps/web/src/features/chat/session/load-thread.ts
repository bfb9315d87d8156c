import { CONVERSATION_DEFAULT_TITLE, MESSAGES } from '@parallax/contract';
import { isApiError } from '../../../lib/errors/api-error';
import { errorLogger } from '../../../lib/telemetry/error-logger';
import { mergeHistory } from '../model/message-transitions';
import { turnToMessages } from '../model/ui-message';
import { backendOf } from './chat-backend';
import { resumeLive } from './chat-actions';
import {
  forgetThreadState,
  getThread,
  patchThread,
  updateMessages,
  useChatSession,
} from './chat-session-store';

const inFlight = new Set<string>();

/** Opens a conversation: its title and newest history page; live answers resume streaming. */
export async function loadThread(conversationId: string): Promise<void> {
  const current = useChatSession.getState().threads[conversationId];
  if (current?.historyLoaded || inFlight.has(conversationId)) return;
  inFlight.add(conversationId);
  if (!current) patchThread(conversationId, { state: 'loading' });
  try {
    const backend = backendOf(conversationId);
    const [title, history] = await Promise.all([
      backend.title(conversationId),
      backend.history(conversationId, null),
    ]);
    const page = history.messages.flatMap(turnToMessages);
    updateMessages(conversationId, (list) => mergeHistory(list, page));
    patchThread(conversationId, {
      state: 'ready',
      error: null,
      title,
      hasMore: history.has_more,
      cursor: history.cursor,
      historyLoaded: true,
    });
    resumeLive(page);
  } catch (error) {
    // A failed call is the screen's to explain; anything else is a fault of ours to report.
    if (!isApiError(error)) errorLogger.log(error, { level: 'load_thread' });
    const notFound = isApiError(error) && error.status === 404;
    patchThread(conversationId, {
      state: 'error',
      error: notFound ? MESSAGES.conversationNotFound : MESSAGES.conversationLoadFailed,
    });
  } finally {
    inFlight.delete(conversationId);
  }
}

const isUntitled = (title: string | null) => !title || title === CONVERSATION_DEFAULT_TITLE;

// The server names a conversation once its first answer is done: at once from its first
// words, or a few seconds later when a model writes the title (the admin's choice).
const TITLE_RETRY_DELAYS_MS = [300, 1_200, 2_500, 5_000, 10_000];

/** Picks up the server-made title after an answer finishes, for a thread that has none yet. */
export async function refreshTitle(conversationId: string): Promise<void> {
  for (const delay of TITLE_RETRY_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (!isUntitled(getThread(conversationId).title)) return;
    try {
      const title = await backendOf(conversationId).title(conversationId);
      if (!isUntitled(title)) {
        patchThread(conversationId, { title });
        return;
      }
    } catch {
      return; // the header keeps its placeholder; the list and a reload show the title
    }
  }
}

/** The page of turns before the oldest one on screen. */
export async function loadOlder(conversationId: string): Promise<void> {
  const thread = getThread(conversationId);
  if (!thread.hasMore || thread.loadingOlder || !thread.cursor) return;
  patchThread(conversationId, { loadingOlder: true });
  try {
    const history = await backendOf(conversationId).history(conversationId, thread.cursor);
    updateMessages(conversationId, (list) =>
      mergeHistory(list, history.messages.flatMap(turnToMessages)),
    );
    patchThread(conversationId, {
      hasMore: history.has_more,
      cursor: history.cursor,
      loadingOlder: false,
    });
  } catch {
    patchThread(conversationId, { loadingOlder: false });
  }
}

/** Forget a conversation's cached state so the next visit reloads it (after delete or sign-out). */
export function forgetThread(conversationId: string): void {
  forgetThreadState(conversationId);
}

/**
 * Shows another version of a turn. The server remembers the choice for the conversation and
 * answers with its new branch, which replaces the list (the turns below the switched one
 * belong to that version).
 */
export async function showVersion(conversationId: string, messageId: string): Promise<boolean> {
  try {
    const history = await backendOf(conversationId).selectVersion(messageId);
    const page = history.messages.flatMap(turnToMessages);
    updateMessages(conversationId, () => page);
    patchThread(conversationId, { hasMore: history.has_more, cursor: history.cursor });
    resumeLive(page);
    return true;
  } catch {
    return false;
  }
}
