import { HTTP, MESSAGES, STREAM_UI, mapWebsocketError } from '@parallax/contract';
import type { SocketEvent } from '../../../lib/ws';
import type { StreamPiece } from '../../../lib/ws/stream-text';
import {
  appendTokens,
  cancelStream,
  completeStream,
  failStream,
  setCitations,
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
 * Socket events → message transitions. Tokens are gathered and applied every
 * STREAM_UI.refreshMs so a fast stream costs one render per frame, not one per token, each by
 * its sequence exactly once (applyPieces); a no-activity watchdog fails a stream the server
 * has gone silent on (spec §8).
 */

const pending = new Map<string, StreamPiece[]>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;
const watchdogs = new Map<string, ReturnType<typeof setTimeout>>();
/** Messages whose shown text misses tokens: resumed after `sequence`, and not ended until filled. */
const gaps = new Map<string, number>();

export interface StreamHandlers {
  /** A stream stayed silent too long (the send flow cancels it on the server). */
  onSilence(messageId: string): void;
  /** The screen misses tokens after `sequence`: ask the server for them again. */
  onGap(messageId: string, sequence: number): void;
  /**
   * The server knows no stream of the message: true when its thread reads the stored turn
   * instead (the answer ended and its replay went with it), false to show the failure.
   */
  onLost(messageId: string): boolean;
}

let handlers: StreamHandlers = {
  onSilence: () => undefined,
  onGap: () => undefined,
  onLost: () => false,
};

export function setStreamHandlers(next: StreamHandlers): void {
  handlers = next;
}

function liveMessage(messageId: string) {
  const owner = ownerOf(messageId);
  if (!owner) return undefined;
  const message = getThread(owner).messages.find((m) => m.key === assistantKey(messageId));
  return message?.status === 'streaming' || message?.status === 'pending' ? message : undefined;
}

function applyTokens(messageId: string, pieces: readonly StreamPiece[] | undefined): void {
  const owner = ownerOf(messageId);
  if (!pieces || pieces.length === 0 || !owner || !liveMessage(messageId)) return;
  updateMessages(owner, (list) => appendTokens(list, messageId, pieces));
  const shown = liveMessage(messageId)?.sequence ?? 0;
  // applyPieces stops at a hole: a piece left beyond what is shown means one.
  if (!pieces.some((piece) => piece.sequence > shown)) {
    gaps.delete(messageId);
    return;
  }
  // Asked once per hole: the replay fills it, or the no-activity watchdog ends the wait.
  if (gaps.get(messageId) === shown) return;
  gaps.set(messageId, shown);
  handlers.onGap(messageId, shown);
}

function flushPending(): void {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const batches = [...pending];
  pending.clear();
  for (const [messageId, pieces] of batches) applyTokens(messageId, pieces);
}

function flushOne(messageId: string): void {
  const pieces = pending.get(messageId);
  pending.delete(messageId);
  applyTokens(messageId, pieces);
}

/** (Re)starts the no-activity clock of a live message (one already ended is left alone). */
export function watchStream(messageId: string, timeoutMs: number = HTTP.noActivityAbortMs): void {
  stopWatching(messageId);
  if (!liveMessage(messageId)) return;
  watchdogs.set(
    messageId,
    setTimeout(() => {
      watchdogs.delete(messageId);
      flushOne(messageId);
      finish(messageId, (list) => failStream(list, messageId, MESSAGES.noActivityTimeout));
      handlers.onSilence(messageId);
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
  gaps.delete(messageId);
  setWorking(null, messageId);
  const owner = ownerOf(messageId);
  if (owner) updateMessages(owner, transition);
}

const cancelling = new Set<string>();

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
  // Text is missing: the resumed replay brings it, and its own end, again.
  if (gaps.has(messageId)) return;
  if (cancelling.has(messageId)) markCancelled(messageId);
  else finish(messageId, (list) => completeStream(list, messageId));
}

function isLiveHere(messageId: string): boolean {
  return liveMessage(messageId) !== undefined;
}

export function handleSocketEvent(event: SocketEvent): void {
  switch (event.type) {
    case 'tokens':
      for (const batch of event.batches) {
        if (!isLiveHere(batch.messageId)) continue;
        if (isWatched(batch.messageId)) watchStream(batch.messageId);
        if (batch.pieces.length > 0) {
          if (batch.pieces.some((piece) => piece.text)) setWorking(null, batch.messageId);
          pending.set(batch.messageId, [...(pending.get(batch.messageId) ?? []), ...batch.pieces]);
        }
        if (batch.isComplete) complete(batch.messageId);
      }
      if (pending.size > 0) flushTimer ??= setTimeout(flushPending, STREAM_UI.refreshMs);
      return;
    case 'status': {
      const { messageId, status, sources, citations } = event;
      // The closing token usually ended the message already: sources apply to it all the same.
      const thread = ownerOf(messageId);
      if (sources && thread) updateMessages(thread, (list) => setSources(list, messageId, sources));
      if (citations && thread)
        updateMessages(thread, (list) => setCitations(list, messageId, citations));
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
      else if (!gaps.has(messageId))
        finish(messageId, (list) =>
          failStream(list, messageId, event.details ?? MESSAGES.streamErrorService),
        );
      return;
    }
    case 'progress':
      if (!isLiveHere(event.messageId)) return;
      if (isWatched(event.messageId)) watchStream(event.messageId);
      return;
    case 'error': {
      const { messageId } = event;
      if (!messageId || !isLiveHere(messageId)) return;
      const mapped = mapWebsocketError(`${event.code} ${event.error}`);
      flushOne(messageId);
      if (event.code === 'not_found' && handlers.onLost(messageId)) {
        stopWatching(messageId);
        gaps.delete(messageId);
        setWorking(null, messageId);
        return;
      }
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
  gaps.clear();
  cancelling.clear();
  for (const timer of watchdogs.values()) clearTimeout(timer);
  watchdogs.clear();
}
