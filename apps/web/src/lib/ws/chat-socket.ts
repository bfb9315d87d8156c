import {
  CONNECTION_ERROR_MESSAGES,
  WEBSOCKET,
  WS_SIGNED_OUT,
  type ServerWsMessage,
} from '@parallax/contract';
import { closeMessage, defaultConnectionId, SERVICE_RESTART } from './socket-close';
import { parseServerWsMessage } from './parse-server-frame';
import { jitteredReconnectDelayMs } from './reconnect-delay';
import type {
  Outgoing,
  SocketEvent,
  SocketIdentity,
  SocketLike,
  SocketState,
} from './socket-types';
import { StreamTracker } from './stream-tracker';
import { TimerSet } from './timer-set';
import { TokenBatcher } from './token-batcher';

export type SocketTiming = { [K in keyof typeof WEBSOCKET]: number };

export interface ChatSocketOptions {
  /** ws(s)://host without a trailing slash. */
  baseUrl: string;
  identity: () => SocketIdentity;
  createSocket?: (url: string) => SocketLike;
  newConnectionId?: () => string;
  random?: () => number;
  /** Tests shrink the spec's timings; the app uses the contract's. */
  timing?: Partial<SocketTiming>;
}

type Listener<T> = (value: T) => void;

const OPEN = 1;

/**
 * The chat websocket of spec §7/§9: reconnects on an unclean close with jittered backoff,
 * keeps itself alive with ping/pong, batches tokens, drops replayed sequences it has already
 * seen, and asks the server to resume every message still streaming after each (re)connect.
 */
export class ChatSocket {
  readonly #options: ChatSocketOptions;
  readonly #timing: SocketTiming;
  readonly #batcher: TokenBatcher;
  readonly #streams: StreamTracker;
  #socket: SocketLike | null = null;
  #state: SocketState = 'disconnected';
  #connectionId: string;
  #attempt = 0;
  #manual = true;
  #lastError: string | null = null;
  #outbox: Outgoing[] = [];
  readonly #timers = new TimerSet();
  #pongTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #stateListeners = new Set<Listener<SocketState>>();
  readonly #eventListeners = new Set<Listener<SocketEvent>>();
  readonly #signedOutListeners = new Set<() => void>();

  constructor(options: ChatSocketOptions) {
    this.#options = options;
    this.#timing = { ...WEBSOCKET, ...options.timing };
    this.#connectionId = (options.newConnectionId ?? defaultConnectionId)();
    this.#batcher = new TokenBatcher({
      batchSize: this.#timing.tokenBatchSize,
      intervalMs: this.#timing.tokenBatchIntervalMs,
      queueMax: this.#timing.queueMax,
      onFlush: (batches) => this.#emit({ type: 'tokens', batches }),
    });
    this.#streams = new StreamTracker(this.#batcher, (event) => this.#emit(event));
  }

  get state(): SocketState {
    return this.#state;
  }

  /** Set only while connected: what the HTTP client sends as X-Connection-Id. */
  get connectionId(): string | null {
    return this.#state === 'connected' ? this.#connectionId : null;
  }

  get lastError(): string | null {
    return this.#lastError;
  }

  onState(listener: Listener<SocketState>): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  onEvent(listener: Listener<SocketEvent>): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /**
   * The server closed the socket because its sign-in ended (signed out on another device, a
   * password change, an account disabled). The socket stays closed: the app ends the session.
   */
  onSignedOut(listener: () => void): () => void {
    this.#signedOutListeners.add(listener);
    return () => this.#signedOutListeners.delete(listener);
  }

  connect(): void {
    if (!this.#manual && this.#state !== 'disconnected' && this.#state !== 'error') return;
    this.#teardown(1000, 'restart');
    this.#manual = false;
    this.#attempt = 0;
    this.#open('connecting');
  }

  /** Closes cleanly and stays closed (no reconnect). */
  disconnect(): void {
    this.#manual = true;
    this.#teardown(1000, 'client disconnect');
    this.#batcher.clear();
    this.#setState('disconnected');
  }

  /**
   * The network or the server is back: try at once rather than at the backoff's next turn, and
   * again after the socket gave up (state error).
   */
  reconnectNow(): void {
    if (this.#manual || (this.#state !== 'reconnecting' && this.#state !== 'error')) return;
    this.#teardown(1000, 'reconnect now');
    this.#attempt = 0;
    this.#open('reconnecting');
  }

  /** A new identity (sign-in, sign-out): the old socket is closed and a fresh one opened. */
  reconnectAs(): void {
    this.#teardown(1000, 'identity changed');
    this.#connectionId = (this.#options.newConnectionId ?? defaultConnectionId)();
    this.#manual = true;
    this.connect();
  }

  /**
   * Follow a message that is (or may be) streaming: its tokens are resumed from `fromSequence`
   * after every reconnect. Called before the send, so early tokens are never lost.
   */
  track(messageId: string, fromSequence = 0): void {
    this.#streams.track(messageId, fromSequence);
  }

  /** Ask the server for every token of `messageId` after `lastSequence` (page load, reconnect). */
  resume(messageId: string, lastSequence = 0): void {
    this.#streams.resetTo(messageId, lastSequence);
    if (this.#state === 'connected')
      this.#send({ type: 'resume', message_id: messageId, last_sequence: lastSequence });
  }

  /** The socket follows this message: its tokens keep coming, after a reconnect too. */
  isTracking(messageId: string): boolean {
    return this.#streams.isTracking(messageId);
  }

  untrack(messageId: string): void {
    this.#streams.untrack(messageId);
  }

  lastSequenceOf(messageId: string): number {
    return this.#streams.lastSequenceOf(messageId);
  }

  send(message: Outgoing): void {
    if (this.#state === 'connected') {
      this.#send(message);
      return;
    }
    this.#outbox.push(message);
    if (this.#outbox.length > this.#timing.queueMax) this.#outbox.shift();
  }

  #url(userId: string): string {
    const query = new URLSearchParams({ user_id: userId });
    return `${this.#options.baseUrl}/ws/${encodeURIComponent(this.#connectionId)}?${query}`;
  }

  #open(state: 'connecting' | 'reconnecting'): void {
    this.#setState(state);
    const identity = this.#options.identity();
    const url = this.#url(identity.userId);
    const socket = this.#options.createSocket
      ? this.#options.createSocket(url)
      : (new WebSocket(url) as unknown as SocketLike);
    this.#socket = socket;

    const connectTimer = this.#timers.later(this.#timing.connectTimeoutMs, () => {
      if (this.#socket !== socket || this.#state === 'connected') return;
      this.#lastError = CONNECTION_ERROR_MESSAGES.timeout;
      this.#detach(socket);
      socket.close(4000, 'connect timeout');
      this.#scheduleReconnect();
    });

    socket.onopen = () => {
      if (identity.accessToken)
        this.#rawSend(socket, { type: 'auth', access_token: identity.accessToken });
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const message = parseServerWsMessage(event.data);
      if (message) this.#receive(socket, message, connectTimer);
    };
    socket.onerror = () => {
      this.#lastError ??= CONNECTION_ERROR_MESSAGES.network;
    };
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#timers.clear(connectTimer);
      this.#stopPing();
      this.#socket = null;
      this.#batcher.flush();
      if (this.#manual) {
        this.#setState('disconnected');
        return;
      }
      if (event.code === WS_SIGNED_OUT.code && event.reason === WS_SIGNED_OUT.reason) {
        // Reconnecting with the token held would only be refused again.
        this.#lastError = CONNECTION_ERROR_MESSAGES.authentication;
        this.#setState('disconnected');
        for (const listener of [...this.#signedOutListeners]) listener();
        return;
      }
      if ((event.code === 1000 && event.wasClean) || event.code === 4000) {
        // The server ended the session on purpose, or a newer socket of this client replaced it:
        // reconnecting would only knock that one off in turn.
        this.#setState('disconnected');
        return;
      }
      // 1012: the server is restarting (draining). Not a fault: reconnect, through the balancer,
      // to a process that stays, and resume what is tracked there.
      this.#lastError = event.code === SERVICE_RESTART ? null : closeMessage(event.code);
      this.#scheduleReconnect();
    };
  }

  #receive(
    socket: SocketLike,
    message: ServerWsMessage,
    connectTimer: ReturnType<typeof setTimeout>,
  ): void {
    switch (message.type) {
      case 'connection_established':
        this.#timers.clear(connectTimer);
        this.#attempt = 0;
        this.#lastError = null;
        this.#setState('connected');
        this.#startPing(socket);
        for (const resume of this.#streams.resumeFrames()) this.#rawSend(socket, resume);
        for (const queued of this.#outbox.splice(0)) this.#rawSend(socket, queued);
        return;
      case 'pong':
        if (this.#pongTimer) this.#timers.clear(this.#pongTimer);
        this.#pongTimer = null;
        return;
      default:
        this.#streams.receive(message);
    }
  }

  #startPing(socket: SocketLike): void {
    const ping = () => {
      if (this.#socket !== socket) return;
      this.#rawSend(socket, { type: 'ping', timestamp: Date.now() });
      this.#pongTimer ??= this.#timers.later(this.#timing.pongWaitMs, () => {
        if (this.#socket !== socket) return;
        // A silent peer is a dead connection, whatever the socket's readyState says.
        this.#detach(socket);
        socket.close(4000, 'pong timeout');
        this.#lastError = CONNECTION_ERROR_MESSAGES.timeout;
        this.#scheduleReconnect();
      });
      this.#timers.later(this.#timing.pingIntervalMs, ping);
    };
    this.#timers.later(this.#timing.firstPingDelayMs, ping);
  }

  #stopPing(): void {
    if (this.#pongTimer) this.#timers.clear(this.#pongTimer);
    this.#pongTimer = null;
    this.#timers.clearAll();
  }

  #scheduleReconnect(): void {
    this.#stopPing();
    this.#socket = null;
    if (this.#attempt >= this.#timing.maxReconnectAttempts) {
      this.#setState('error');
      return;
    }
    const delay = jitteredReconnectDelayMs(
      this.#attempt,
      this.#options.random,
      this.#timing.reconnectJitter,
    );
    this.#attempt += 1;
    this.#setState('reconnecting');
    this.#timers.later(delay, () => {
      if (this.#manual) return;
      this.#open('reconnecting');
    });
  }

  /** Closes the current socket without triggering a reconnect. */
  #teardown(code: number, reason: string): void {
    this.#stopPing();
    const socket = this.#socket;
    this.#socket = null;
    if (!socket) return;
    this.#detach(socket);
    try {
      socket.close(code, reason);
    } catch {
      // already closing
    }
  }

  #detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    if (this.#socket === socket) this.#socket = null;
  }

  #send(message: Outgoing): void {
    if (this.#socket) this.#rawSend(this.#socket, message);
  }

  #rawSend(socket: SocketLike, message: Outgoing): void {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  #setState(state: SocketState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state);
  }

  #emit(event: SocketEvent): void {
    for (const listener of this.#eventListeners) listener(event);
  }
}
