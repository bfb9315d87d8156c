import { WEBSOCKET, type ServerWsMessage, type WsAiToken } from '@parallax/contract';
import type { WebSocket } from 'ws';
import type { ChatOwner } from '../infra/auth/chat-owner';
import { eventJsonOf, type StreamEnvelope, type StreamEvent } from './stream-envelope';
import { sendTextFrame } from './text-frame';

/** Above this many unsent bytes a socket is congested: frames queue and tokens merge. */
export const HIGH_WATER_BYTES = 256 * 1024;
/** A client this far behind is dropped; it reconnects and resumes from its last sequence. */
const MAX_QUEUED_FRAMES = 20_000;

/**
 * Who an authenticated socket is: its owner and, for a user, the sign-in session its access
 * token belongs to, so signing that one session out closes this socket and no other.
 */
export interface SocketPrincipal {
  owner: ChatOwner;
  authSessionId: string | null;
}

/** Where one message's stream stands on this socket. */
interface Follow {
  attempt: string | undefined;
  /** Highest envelope order delivered. */
  lastOrder: number;
  /** While a resume reads the replay log, live envelopes wait here. */
  buffer: StreamEnvelope[] | null;
}

/**
 * One open websocket of a known owner: sends frames at once while the socket keeps up, queues
 * and merges consecutive tokens of a message only when it does not (ws bufferedAmount), and
 * delivers each generation event at most once per socket, whether it arrives live or replayed.
 */
export class SocketSession {
  readonly #follows = new Map<string, Follow>();
  #queue: ServerWsMessage[] = [];
  #flushTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: WebSocket,
    readonly connectionId: string,
    readonly owner: ChatOwner,
    readonly ownerKey: string,
    /** Unique per socket: presence written by this socket is only cleared by it. */
    readonly nonce: string,
    /** The user's sign-in session the socket authenticated with; null for a visitor. */
    readonly authSessionId: string | null = null,
  ) {}

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** A live event for this owner: delivered when the send targeted this socket or it follows the message. */
  offerLive(envelope: StreamEnvelope): void {
    let follow = this.#follows.get(envelope.messageId);
    if (!follow) {
      // Only a socket that was there from the stream's first event follows it unasked; one
      // that joined later must resume, or it would see tokens with a gap before them.
      if (envelope.target !== this.connectionId || envelope.order !== 1) return;
      follow = { attempt: envelope.attempt, lastOrder: 0, buffer: null };
      this.#follows.set(envelope.messageId, follow);
    }
    if (follow.buffer) {
      follow.buffer.push(envelope);
      return;
    }
    this.#deliver(envelope.messageId, follow, envelope);
  }

  /** Starts following a message: live events are held until `finishResume`. */
  beginResume(messageId: string): void {
    this.#follows.set(messageId, { attempt: undefined, lastOrder: 0, buffer: [] });
  }

  /**
   * Sends the replayed events after token `lastSequence` of the latest attempt, then the held
   * live ones that came after them: every token once, in order, no gap.
   */
  finishResume(messageId: string, replay: readonly StreamEnvelope[], lastSequence: number): void {
    const follow = this.#follows.get(messageId);
    if (!follow) return;
    const attempt = replay.at(-1)?.attempt;
    const latest = replay.filter((e) => e.attempt === attempt);
    follow.attempt = attempt;
    for (const envelope of latest) {
      const { event } = envelope;
      const sequence = sequenceOf(event);
      const alreadyHad =
        sequence !== null
          ? sequence <= lastSequence
          : this.#beforeSequence(latest, envelope, lastSequence);
      if (alreadyHad) follow.lastOrder = envelope.order;
      else this.#deliver(messageId, follow, envelope);
    }
    const held = follow.buffer ?? [];
    follow.buffer = null;
    for (const envelope of held) this.#deliver(messageId, follow, envelope);
  }

  /** Stops following (nothing to resume, or the stream is over). */
  forget(messageId: string): void {
    this.#follows.delete(messageId);
  }

  /** `json` is the message already encoded, when the caller has it. */
  send(message: ServerWsMessage, json?: string): void {
    if (!this.isOpen) return;
    if (this.#queue.length === 0 && this.socket.bufferedAmount < HIGH_WATER_BYTES) {
      sendTextFrame(this.socket, json ?? JSON.stringify(message));
      return;
    }
    const last = this.#queue.at(-1);
    if (
      message.type === 'ai_token' &&
      last?.type === 'ai_token' &&
      last.message_id === message.message_id
    ) {
      this.#queue[this.#queue.length - 1] = mergeTokens(last, message);
    } else {
      this.#queue.push(message);
    }
    if (this.#queue.length > MAX_QUEUED_FRAMES) {
      this.socket.close(1013, 'Client too slow; reconnect and resume');
      return;
    }
    this.#flushTimer ??= setTimeout(() => this.#flush(), WEBSOCKET.tokenBatchIntervalMs);
  }

  close(): void {
    clearTimeout(this.#flushTimer);
    this.#queue = [];
    this.#follows.clear();
  }

  /** Unnumbered events replayed before the client's last numbered one were seen already. */
  #beforeSequence(
    events: readonly StreamEnvelope[],
    envelope: StreamEnvelope,
    lastSequence: number,
  ): boolean {
    return events.some((e) => {
      const sequence = sequenceOf(e.event);
      return sequence !== null && sequence <= lastSequence && e.order > envelope.order;
    });
  }

  #deliver(messageId: string, follow: Follow, envelope: StreamEnvelope): void {
    if (follow.attempt !== envelope.attempt) {
      // A retry of the message: its numbering starts over.
      follow.attempt = envelope.attempt;
      follow.lastOrder = 0;
    }
    if (envelope.order <= follow.lastOrder) return;
    follow.lastOrder = envelope.order;
    this.send(envelope.event, eventJsonOf(envelope));
    if (envelope.final) this.#follows.delete(messageId);
  }

  #flush(): void {
    this.#flushTimer = undefined;
    if (!this.isOpen) {
      this.#queue = [];
      return;
    }
    while (this.#queue.length > 0 && this.socket.bufferedAmount < HIGH_WATER_BYTES) {
      const next = this.#queue.shift();
      if (next) sendTextFrame(this.socket, JSON.stringify(next));
    }
    if (this.#queue.length > 0)
      this.#flushTimer = setTimeout(() => this.#flush(), WEBSOCKET.tokenBatchIntervalMs);
  }
}

/** Tokens and tool events share one counter: the client's `last_sequence` counts both. */
function sequenceOf(event: StreamEvent): number | null {
  return event.type === 'ai_token' || event.type === 'ai_tool' ? event.sequence : null;
}

/**
 * Two consecutive tokens as one (never across a tool event: only the queue's last frame is
 * merged into): the client drops sequences not above the last it saw, so the later one counts. */
function mergeTokens(first: WsAiToken, second: WsAiToken): WsAiToken {
  return { ...second, token: first.token + second.token };
}
