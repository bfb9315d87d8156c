import type { Readable } from 'node:stream';

/** A piece of an upstream body and the time (Date.now()) it arrived. */
export interface TimedChunk {
  chunk: Buffer;
  receivedAt: number;
}

/** Unread chunks at which reading pauses (backpressure), and half of it where it resumes. */
const MAX_UNREAD_CHUNKS = 64;

/**
 * The body's chunks stamped with when they arrived, read as they arrive rather than when the
 * consumer asks: a stream opened early (while its turn is being stored) is not iterated until
 * the turn is stored, and a plain async iterator would then hand over a whole buffered answer
 * in one instant, as if it had streamed in 0 ms. Reading pauses once MAX_UNREAD_CHUNKS wait.
 * Ends with the body; throws the body's error, or a premature-close error when the body closes
 * before its end (at once: chunks not yet handed over are dropped).
 */
export async function* timedChunks(body: Readable): AsyncGenerator<TimedChunk> {
  const unread: TimedChunk[] = [];
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const onData = (chunk: Buffer): void => {
    unread.push({ chunk, receivedAt: Date.now() });
    if (unread.length >= MAX_UNREAD_CHUNKS) body.pause();
    notify();
  };
  const onEnd = (): void => {
    ended = true;
    notify();
  };
  const onError = (error: Error): void => {
    failure ??= error;
    notify();
  };
  const onClose = (): void => {
    if (!ended)
      failure ??= Object.assign(new Error('Premature close'), {
        code: 'ERR_STREAM_PREMATURE_CLOSE',
      });
    notify();
  };
  body.on('data', onData);
  body.on('end', onEnd);
  body.on('error', onError);
  body.on('close', onClose);
  try {
    for (let next = 0; ;) {
      // An aborted or broken body hands over nothing more, even what had arrived before.
      if (failure) throw failure;
      if (next < unread.length) {
        const item = unread[next]!;
        next += 1;
        if (next === unread.length) {
          unread.length = 0;
          next = 0;
        }
        if (body.isPaused() && unread.length - next <= MAX_UNREAD_CHUNKS / 2) body.resume();
        yield item;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    body.off('data', onData);
    body.off('end', onEnd);
    body.off('error', onError);
    body.off('close', onClose);
  }
}
