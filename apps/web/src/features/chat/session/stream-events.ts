import { HTTP, MESSAGES, STREAM_UI, mapWebsocketError } from '@parallax/contract';
import type { SocketEvent } from '../../../lib/ws';
import {
  appendTokens,
  cancelStream,
  completeStream,
  failStream,
  setSources,
} from '../model/message-transitions';
import { assistantKey } from '../model/ui-message';
import {
  getThread,
  ownerOf,
  setWorking,
  updateMessages,
  useChatSession,
} from './chat-session-store';

/*
 * Socket events → message transitions. Token text is gathered and applied every
 * STREAM_UI.refreshMs so a fast stream costs one render per frame, not one per token; a
 * no-activity watchdog fails a stream the server has gone silent on (spec §8).
 */

const pending = new Map<string, string>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;
const watchdogs = new Map<string, ReturnType<typeof setTimeout>>();
let onSilence: (messageId: string) => void = () => undefined;

/** What to do when a stream stays silent too long (the send flow cancels it on the server). */
export function setSilenceHandler(handler: (messageId: string) => void): void {
  onSilence = handler;
}

function flushPending(): void {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  for (const [messageId, text] of pending) {
    const owner = ownerOf(messageId);
    if (owner) updateMessages(owner, (list) => appendTokens(list, messageId, text));
  }
  pending.clear();
}

function flushOne(messageId: string): void {
  const text = pending.get(messageId);
  pending.delete(messageId);
  const owner = ownerOf(messageId);
  if (text && owner) updateMessages(owner, (list) => appendTokens(list, messageId, text));
}

/** (Re)starts the no-activity clock of a live message. */
export function watchStream(messageId: string, timeoutMs: number = HTTP.noActivityAbortMs): void {
  stopWatching(messageId);
  watchdogs.set(
    messageId,
    setTimeout(() => {
      watchdogs.delete(messageId);
      flushOne(messageId);
      finish(messageId, (list) => failStream(list, messageId, MESSAGES.noActivityTimeout));
      onSilence(messageId);
    }, timeoutMs),
  );
}

export function stopWatching(messageId: string): void {
  const timer = watchdogs.get(messageId);
  if (timer) clearTimeout(timer);
  watchdogs.delete(messageId);
}

function isWatched(messageId: string): boolean {
  return watchdogs.has(messageId);
}

function finish(messageId: string, transition: Parameters<typeof updateMessages>[1]): void {
  stopWatching(messageId);
  setWorking(null, messageId);
  const owner = ownerOf(messageId);
  if (owner) updateMessages(owner, transition);
}

const cancelling = new Set<string>();

/**
 * Events of sent messages whose send has not answered yet. The socket can overtake the send's
 * HTTP reply (on a busy machine a short answer may stream in full before it): with no
 * assistant message to apply them to they were dropped, and the reply ('streaming', no text)
 * then waited for events already spent and ended in the 30 s no-activity error.
 */
const held = new Map<string, SocketEvent[]>();

/** Keeps the message's events from now until releaseHeld or dropHeld (a send in flight). */
export function holdEvents(messageId: string): void {
  held.set(messageId, []);
}

/** The send answered and its assistant message is shown: the kept events apply, in order. */
export function releaseHeld(messageId: string): void {
  const events = held.get(messageId) ?? [];
  held.delete(messageId);
  for (const event of events) handleSocketEvent(event);
}

/** The send failed, or its reply carried the whole answer: the kept events are not needed. */
export function dropHeld(messageId: string): void {
  held.delete(messageId);
}

/** Keeps the event if its message's send is in flight; true when kept. */
function keep(messageId: string, event: SocketEvent): boolean {
  const events = held.get(messageId);
  if (!events) return false;
  events.push(event);
  return true;
}

/**
 * The user asked to stop: the server's closing events may overtake the cancel call's answer,
 * and they must end the message as cancelled, not completed.
 */
export function markCancelling(messageId: string): () => void {
  cancelling.add(messageId);
  return () => cancelling.delete(messageId);
}

/** The user stopped the answer: what streamed so far stays, with the cancel note. */
export function markCancelled(messageId: string): void {
  cancelling.delete(messageId);
  flushOne(messageId);
  finish(messageId, (list) => cancelStream(list, messageId));
}

function complete(messageId: string): void {
  flushOne(messageId);
  if (cancelling.has(messageId)) markCancelled(messageId);
  else finish(messageId, (list) => completeStream(list, messageId));
}

function isLiveHere(messageId: string): boolean {
  const owner = ownerOf(messageId);
  if (!owner) return false;
  const message = getThread(owner).messages.find((m) => m.key === assistantKey(messageId));
  return message?.status === 'streaming' || message?.status === 'pending';
}

export function handleSocketEvent(event: SocketEvent): void {
  switch (event.type) {
    case 'tokens':
      for (const batch of event.batches) {
        if (keep(batch.messageId, { type: 'tokens', batches: [batch] })) continue;
        if (!isLiveHere(batch.messageId)) continue;
        if (isWatched(batch.messageId)) watchStream(batch.messageId);
        if (batch.text) {
          setWorking(null, batch.messageId);
          pending.set(batch.messageId, (pending.get(batch.messageId) ?? '') + batch.text);
        }
        if (batch.isComplete) complete(batch.messageId);
      }
      if (pending.size > 0) flushTimer ??= setTimeout(flushPending, STREAM_UI.refreshMs);
      return;
    case 'status': {
      const { messageId, status, sources } = event;
      if (keep(messageId, event)) return;
      // The closing token usually ended the message already: sources apply to it all the same.
      const thread = ownerOf(messageId);
      if (sources && thread) updateMessages(thread, (list) => setSources(list, messageId, sources));
      if (!isLiveHere(messageId)) return;
      if (isWatched(messageId)) watchStream(messageId);
      if (status === 'working' || status === 'initializing' || status === 'processing') {
        const owner = ownerOf(messageId) ?? '';
        const started = getThread(owner).messages.find(
          (m) => m.key === assistantKey(messageId),
        )?.content;
        // 'working' once text is flowing counts as streaming: no stage over running text.
        if (status === 'working' && !started) {
          const since = useChatSession.getState().working[messageId]?.startedAt ?? Date.now();
          setWorking(
            { messageId, stage: event.stage ?? event.details ?? 'Working', startedAt: since },
            messageId,
          );
        }
        return;
      }
      if (status === 'streaming') {
        setWorking(null, messageId);
        return;
      }
      flushOne(messageId);
      if (status === 'completed') complete(messageId);
      else
        finish(messageId, (list) =>
          failStream(list, messageId, event.details ?? MESSAGES.streamErrorService),
        );
      return;
    }
    case 'progress':
      if (keep(event.messageId, event)) return;
      if (!isLiveHere(event.messageId)) return;
      if (isWatched(event.messageId)) watchStream(event.messageId);
      return;
    case 'error': {
      const { messageId } = event;
      if (messageId && keep(messageId, event)) return;
      if (!messageId || !isLiveHere(messageId)) return;
      const mapped = mapWebsocketError(`${event.code} ${event.error}`);
      flushOne(messageId);
      finish(messageId, (list) =>
        failStream(
          list,
          messageId,
          mapped?.message ?? (event.error || MESSAGES.streamErrorDefault),
        ),
      );
      return;
    }
  }
}

/** Drops buffered text and timers (sign-out, and between tests). */
export function resetStreaming(): void {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  pending.clear();
  cancelling.clear();
  held.clear();
  for (const timer of watchdogs.values()) clearTimeout(timer);
  watchdogs.clear();
}
