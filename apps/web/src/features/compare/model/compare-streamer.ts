import { STREAM_UI, mapWebsocketError } from '@parallax/contract';
import type { SocketEvent } from '../../../lib/ws';
import { applyPieces, mergeCitations, mergeToolCalls } from '../../../lib/ws/stream-text';
import type { LiveAnswer } from './live-answer';

/** The part of the chat socket the streamer uses (the app passes the one chat socket). */
export interface StreamSource {
  onEvent(listener: (event: SocketEvent) => void): () => void;
  track(messageId: string): void;
  resume(messageId: string, lastSequence: number): void;
  untrack(messageId: string): void;
}

export interface StreamerOptions {
  /** Receives the answers of one panel that changed since its last refresh. */
  publish: (answers: LiveAnswer[]) => void;
  /** An answer ended (completed, cancelled or failed): the stored version is now the truth. */
  onEnd: (messageId: string) => void;
  refreshMs?: number;
  staggerMs?: number;
  now?: () => number;
}

interface Followed {
  live: LiveAnswer;
  dirty: boolean;
  /** The sequence of the last token in `live.text`: a replay's repeats are skipped. */
  sequence: number;
  /** A hole was asked for again after this sequence (once per hole). */
  gapAfter: number | null;
  /** Tool events among the sequences applied: they are not tokens. */
  toolEvents: number;
}

/**
 * Feeds compare panels from the chat socket. Each panel refreshes on its own clock
 * (STREAM_UI.compareRefreshMs) and the clocks are offset by compareStaggerMs per panel, so six
 * streaming panels never render in the same frame; tokens between refreshes only touch memory.
 */
export class CompareStreamer {
  readonly #followed = new Map<string, Followed>();
  readonly #clocks = new Map<
    number,
    { start: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval> }
  >();
  readonly #refreshMs: number;
  readonly #staggerMs: number;
  readonly #now: () => number;
  #unsubscribe: (() => void) | null = null;

  constructor(
    private readonly source: StreamSource,
    private readonly options: StreamerOptions,
  ) {
    this.#refreshMs = options.refreshMs ?? STREAM_UI.compareRefreshMs;
    this.#staggerMs = options.staggerMs ?? STREAM_UI.compareStaggerMs;
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * Follows one panel answer. `resume` asks the server for the stream from its first token
   * (a reopened session, or a retry once its send is accepted); otherwise the socket is told
   * before the send so no early token is missed.
   */
  follow(messageId: string, panel: number, mode: { resume: boolean; sentAt?: number }): void {
    this.#subscribe();
    this.#followed.set(messageId, {
      live: {
        messageId,
        panel,
        status: 'pending',
        text: '',
        error: null,
        sentAt: mode.sentAt ?? null,
        firstTokenAt: null,
        lastTokenAt: null,
        serverFirstAt: null,
        serverLastAt: null,
        tokenCount: 0,
        toolCalls: [],
        citations: [],
      },
      dirty: true,
      sequence: 0,
      gapAfter: null,
      toolEvents: 0,
    });
    if (mode.resume) this.source.resume(messageId, 0);
    else this.source.track(messageId);
    this.#startClock(panel);
  }

  /** The answer ended without the socket's word (a failed send, or a send answered in full). */
  settle(messageId: string, status: LiveAnswer['status'], error: string | null): void {
    this.#end(messageId, status, error);
  }

  /**
   * A retried answer restarts its numbering on the server, so tokens the socket counted from
   * the failed attempt would hide the new ones: once the retry is accepted, the stream is
   * replayed from its first token into an empty text.
   */
  restart(messageId: string): void {
    const followed = this.#followed.get(messageId);
    if (!followed) return;
    followed.live.text = '';
    followed.live.firstTokenAt = null;
    followed.live.serverFirstAt = null;
    followed.live.serverLastAt = null;
    followed.live.tokenCount = 0;
    followed.live.toolCalls = [];
    followed.live.citations = [];
    followed.sequence = 0;
    followed.gapAfter = null;
    followed.toolEvents = 0;
    followed.dirty = true;
    this.source.resume(messageId, 0);
  }

  isFollowing(messageId: string): boolean {
    return this.#followed.has(messageId);
  }

  stop(): void {
    for (const id of this.#followed.keys()) this.source.untrack(id);
    this.#followed.clear();
    for (const panel of [...this.#clocks.keys()]) this.#stopClock(panel);
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  #subscribe(): void {
    this.#unsubscribe ??= this.source.onEvent((event) => this.#onEvent(event));
  }

  #onEvent(event: SocketEvent): void {
    if (event.type === 'tokens') {
      const now = this.#now();
      for (const batch of event.batches) {
        const followed = this.#followed.get(batch.messageId);
        if (!followed) continue;
        const { live } = followed;
        const shown = applyPieces({ text: live.text, sequence: followed.sequence }, batch.pieces);
        if (shown.gap && followed.gapAfter !== shown.sequence) {
          followed.gapAfter = shown.sequence;
          this.source.resume(batch.messageId, shown.sequence);
        }
        if (shown.sequence === followed.sequence) continue;
        followed.sequence = shown.sequence;
        if (shown.tools.length > 0) {
          live.toolCalls = mergeToolCalls(live.toolCalls, shown.tools);
          live.citations = mergeCitations(
            live.citations,
            shown.tools.flatMap((t) => t.citations ?? []),
          );
          followed.toolEvents += shown.tools.length;
          live.status = 'streaming';
          followed.dirty = true;
        }
        if (shown.text !== live.text) {
          live.firstTokenAt ??= now;
          live.lastTokenAt = now;
          live.text = shown.text;
          if (batch.firstAt !== undefined) live.serverFirstAt ??= batch.firstAt;
          if (batch.lastAt !== undefined) live.serverLastAt = batch.lastAt;
          live.tokenCount =
            (batch.isComplete && !shown.gap ? shown.sequence - 1 : shown.sequence) -
            followed.toolEvents;
          live.status = 'streaming';
          followed.dirty = true;
        }
      }
      return;
    }
    if (event.type === 'status') {
      if (!this.#followed.has(event.messageId)) return;
      if (event.status === 'completed')
        this.#end(event.messageId, event.details === 'cancelled' ? 'cancelled' : 'completed', null);
      else if (event.status === 'error') this.#end(event.messageId, 'error', event.details ?? null);
      return;
    }
    if (event.type === 'error' && event.messageId && this.#followed.has(event.messageId)) {
      this.#end(event.messageId, 'error', mapWebsocketError(event.error)?.message ?? event.error);
    }
  }

  #end(messageId: string, status: LiveAnswer['status'], error: string | null): void {
    const followed = this.#followed.get(messageId);
    if (!followed) return;
    followed.live.status = status;
    followed.live.error = error;
    this.#followed.delete(messageId);
    this.source.untrack(messageId);
    // The end is shown at once, not on the next tick of the panel's clock.
    this.options.publish([{ ...followed.live }]);
    this.options.onEnd(messageId);
    const panel = followed.live.panel;
    if (![...this.#followed.values()].some((f) => f.live.panel === panel)) this.#stopClock(panel);
  }

  #startClock(panel: number): void {
    if (this.#clocks.has(panel)) return;
    const clock: { start: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval> } = {
      start: setTimeout(() => {
        this.#refresh(panel);
        clock.tick = setInterval(() => this.#refresh(panel), this.#refreshMs);
      }, panel * this.#staggerMs),
    };
    this.#clocks.set(panel, clock);
  }

  #stopClock(panel: number): void {
    const clock = this.#clocks.get(panel);
    if (!clock) return;
    clearTimeout(clock.start);
    if (clock.tick) clearInterval(clock.tick);
    this.#clocks.delete(panel);
  }

  #refresh(panel: number): void {
    const changed: LiveAnswer[] = [];
    for (const followed of this.#followed.values()) {
      if (followed.live.panel !== panel || !followed.dirty) continue;
      followed.dirty = false;
      changed.push({ ...followed.live });
    }
    if (changed.length > 0) this.options.publish(changed);
  }
}
