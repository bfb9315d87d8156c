import type { ServerWsMessage } from '@parallax/contract';
import type { Outgoing, SocketEvent } from './socket-types';
import type { TokenBatcher } from './token-batcher';

/** The frames about an answer's stream; the rest (connection_established, pong) are the socket's. */
export type StreamFrame = Exclude<ServerWsMessage, { type: 'connection_established' | 'pong' }>;

/**
 * The messages a socket follows and how far each has arrived, across its reconnects: where the
 * next connection resumes each one from, and which replayed pieces it drops.
 */
export class StreamTracker {
  readonly #batcher: TokenBatcher;
  readonly #emit: (event: SocketEvent) => void;
  /** Highest sequence seen per message; also the resume point of tracked messages. */
  readonly #sequences = new Map<string, number>();
  readonly #tracked = new Set<string>();

  constructor(batcher: TokenBatcher, emit: (event: SocketEvent) => void) {
    this.#batcher = batcher;
    this.#emit = emit;
  }

  track(messageId: string, fromSequence: number): void {
    this.#tracked.add(messageId);
    const seen = this.#sequences.get(messageId) ?? 0;
    this.#sequences.set(messageId, Math.max(seen, fromSequence));
  }

  /** Unlike track, may move the mark back: the server replays everything after it. */
  resetTo(messageId: string, lastSequence: number): void {
    this.#tracked.add(messageId);
    this.#sequences.set(messageId, lastSequence);
  }

  isTracking(messageId: string): boolean {
    return this.#tracked.has(messageId);
  }

  untrack(messageId: string): void {
    this.#tracked.delete(messageId);
  }

  lastSequenceOf(messageId: string): number {
    return this.#sequences.get(messageId) ?? 0;
  }

  /** One resume per tracked message, from its mark as it stands when the frame is sent. */
  *resumeFrames(): Generator<Outgoing> {
    for (const messageId of this.#tracked)
      yield {
        type: 'resume',
        message_id: messageId,
        last_sequence: this.#sequences.get(messageId) ?? 0,
      };
  }

  receive(message: StreamFrame): void {
    switch (message.type) {
      case 'ai_token': {
        if (!this.#isNew(message.message_id, message.sequence)) return;
        if (message.is_complete) this.#tracked.delete(message.message_id);
        this.#batcher.push({
          messageId: message.message_id,
          token: message.token,
          sequence: message.sequence,
          isComplete: message.is_complete,
          at: message.at,
        });
        return;
      }
      case 'ai_tool': {
        // Numbered with the tokens: it takes its place in the stream like one, without text.
        if (!this.#isNew(message.message_id, message.sequence)) return;
        this.#batcher.push({
          messageId: message.message_id,
          token: '',
          sequence: message.sequence,
          isComplete: false,
          tool: {
            call: message.call,
            ...(message.citations !== undefined && { citations: message.citations }),
          },
        });
        return;
      }
      case 'ai_status':
        if (message.status === 'completed' || message.status === 'error') {
          this.#tracked.delete(message.message_id);
          // Tokens before the end must reach the screen before the end itself.
          this.#batcher.flush();
        }
        this.#emit({
          type: 'status',
          messageId: message.message_id,
          status: message.status,
          ...(message.details !== undefined && { details: message.details }),
          ...(message.stage !== undefined && { stage: message.stage }),
          ...(message.sources !== undefined && { sources: message.sources }),
          ...(message.citations !== undefined && { citations: message.citations }),
        });
        return;
      case 'ai_progress':
        this.#emit({
          type: 'progress',
          messageId: message.message_id,
          progress: message.progress,
          stage: message.stage,
        });
        return;
      case 'error':
        if (message.message_id) {
          this.#tracked.delete(message.message_id);
          this.#batcher.flush();
        }
        this.#emit({
          type: 'error',
          error: message.error,
          code: message.code,
          ...(message.message_id !== undefined && { messageId: message.message_id }),
          ...(message.details !== undefined && { details: message.details }),
        });
        return;
    }
  }

  /**
   * Replays after a resume may overlap what already arrived: a piece at or below the mark is
   * dropped. Only the next one in order moves the mark: a live piece that overtook the replay of
   * a resume (sent before the server took the resume) must not make the replay's earlier pieces
   * look seen, or they would be dropped and the text left with a hole. A piece past a hole still
   * goes on; the screen applies each sequence once.
   */
  #isNew(messageId: string, sequence: number): boolean {
    const seen = this.#sequences.get(messageId) ?? 0;
    if (sequence <= seen) return false;
    if (sequence === seen + 1) this.#sequences.set(messageId, sequence);
    return true;
  }
}
