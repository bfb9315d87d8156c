import type { StreamPiece, ToolPiece } from './stream-text';

/** One message's tokens gathered since the last flush, in the order they arrived. */
export interface TokenBatch {
  messageId: string;
  /** The tokens one by one with their sequences: what a screen applies (applyPieces). */
  pieces: StreamPiece[];
  /** The sequence of the batch's last token. */
  lastSequence: number;
  /** The closing token arrived (the stream is over). */
  isComplete: boolean;
  /** When the server produced the batch's first and last token (epoch ms), when it said. */
  firstAt?: number | undefined;
  lastAt?: number | undefined;
}

export interface TokenBatcherOptions {
  batchSize: number;
  intervalMs: number;
  queueMax: number;
  onFlush: (batches: TokenBatch[]) => void;
}

interface QueuedToken {
  messageId: string;
  token: string;
  sequence: number;
  isComplete: boolean;
  at?: number | undefined;
  /** A tool call's state, numbered like the tokens (its `token` is empty). */
  tool?: ToolPiece | undefined;
}

function pieceOf(t: QueuedToken): StreamPiece {
  return t.tool
    ? { sequence: t.sequence, text: t.token, tool: t.tool }
    : { sequence: t.sequence, text: t.token };
}

/**
 * Gathers tokens and hands them on in batches: when `batchSize` are waiting or `intervalMs`
 * after the first waiting one, whichever is first. A closing token flushes at once so the end of
 * an answer is never held back; `queueMax` bounds memory if the consumer stalls.
 */
export class TokenBatcher {
  readonly #options: TokenBatcherOptions;
  #queue: QueuedToken[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: TokenBatcherOptions) {
    this.#options = options;
  }

  push(token: QueuedToken): void {
    this.#queue.push(token);
    if (
      token.isComplete ||
      this.#queue.length >= this.#options.batchSize ||
      this.#queue.length >= this.#options.queueMax
    ) {
      this.flush();
      return;
    }
    this.#timer ??= setTimeout(() => this.flush(), this.#options.intervalMs);
  }

  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#queue.length === 0) return;
    const queued = this.#queue;
    this.#queue = [];
    const byMessage = new Map<string, TokenBatch>();
    for (const t of queued) {
      const batch = byMessage.get(t.messageId);
      if (batch) {
        batch.pieces.push(pieceOf(t));
        batch.lastSequence = t.sequence;
        batch.isComplete ||= t.isComplete;
        if (t.at !== undefined) {
          batch.firstAt ??= t.at;
          batch.lastAt = t.at;
        }
      } else {
        byMessage.set(t.messageId, {
          messageId: t.messageId,
          pieces: [pieceOf(t)],
          lastSequence: t.sequence,
          isComplete: t.isComplete,
          firstAt: t.at,
          lastAt: t.at,
        });
      }
    }
    this.#options.onFlush([...byMessage.values()]);
  }

  /** Drops whatever is waiting (on a manual disconnect). */
  clear(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#queue = [];
  }
}
