import { WEBSOCKET, parseClientWsMessage, type ClientWsMessage } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { CLOSE } from './close-codes';
import type { RealtimeHub } from './realtime-hub';
import type { SocketPrincipal, SocketSession } from './socket-session';

/** A socket that sent nothing (not even a ping) for this long is dead: the client pings every 25 s. */
export const IDLE_TIMEOUT_MS = 2 * WEBSOCKET.pingIntervalMs + WEBSOCKET.pongWaitMs;
const MAX_FRAME_BYTES = 16 * 1024;
/** Frames kept while authentication is under way; more than this is not a real client. */
const MAX_PENDING_FRAMES = 20;

export interface ConnectionSetup {
  socket: WebSocket;
  connectionId: string;
  hub: RealtimeHub;
  log: FastifyBaseLogger;
  /** Resolves who sent a first-message token; null when the socket is a visitor's or the token fails. */
  authenticate: (token: string) => Promise<SocketPrincipal | null>;
}

/**
 * The life of one websocket: wait for authentication when the upgrade did not carry it (first
 * message {type:'auth'}, within the connect timeout), attach to the hub, then answer pings and
 * resumes. Nothing is sent before the owner is known.
 */
export class SocketConnection {
  #session: SocketSession | undefined;
  #pending: ClientWsMessage[] = [];
  #expectAuth = false;
  #authenticating = false;
  #idleTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(private readonly setup: ConnectionSetup) {
    const { socket } = setup;
    socket.on('message', (data, isBinary) => this.#onFrame(data, isBinary));
    socket.on('close', () => void this.#onClose());
    socket.on('error', () => socket.terminate());
    this.#touch();
  }

  /** The upgrade proved who this is. */
  async start(principal: SocketPrincipal): Promise<void> {
    const session = await this.setup.hub.attach(
      this.setup.socket,
      this.setup.connectionId,
      principal,
    );
    if (!session)
      return this.setup.socket.close(CLOSE.authenticationFailed, 'Connection id in use');
    if (this.#closed) return void (await this.setup.hub.detach(session));
    this.#session = session;
    session.send({ type: 'connection_established', connection_id: this.setup.connectionId });
    const pending = this.#pending;
    this.#pending = [];
    for (const message of pending) this.#handle(session, message);
  }

  /** No credentials on the upgrade: the first message must be {type:'auth'} in time. */
  awaitAuthMessage(): void {
    const timer = setTimeout(() => {
      if (!this.#session && !this.#authenticating)
        this.setup.socket.close(CLOSE.authenticationFailed, 'Authentication required');
    }, WEBSOCKET.connectTimeoutMs);
    timer.unref();
    this.#expectAuth = true;
  }

  #onFrame(data: RawData, isBinary: boolean): void {
    this.#touch();
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (isBinary || size > MAX_FRAME_BYTES)
      return this.setup.socket.close(CLOSE.badRequest, 'Unsupported frame');
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const message = parseClientWsMessage(text);
    if (!message) return;
    if (this.#session) return this.#handle(this.#session, message);
    if (this.#expectAuth && message.type === 'auth' && !this.#authenticating) {
      this.#authenticating = true;
      void this.#authenticateWith(message.access_token);
      return;
    }
    if (this.#pending.length >= MAX_PENDING_FRAMES)
      return this.setup.socket.close(CLOSE.badRequest, 'Too many frames before authentication');
    this.#pending.push(message);
  }

  async #authenticateWith(token: string): Promise<void> {
    const principal = await this.setup.authenticate(token).catch(() => null);
    if (!principal)
      return this.setup.socket.close(CLOSE.authenticationFailed, 'Authentication failed');
    await this.start(principal).catch((error: unknown) => this.fail(error));
  }

  #handle(session: SocketSession, message: ClientWsMessage): void {
    switch (message.type) {
      case 'ping':
        session.send({ type: 'pong', timestamp: message.timestamp });
        return;
      case 'resume':
        void this.setup.hub.resume(session, message.message_id, message.last_sequence);
        return;
      case 'auth':
        // Already authenticated: a repeated auth changes nothing.
        return;
    }
  }

  #touch(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => this.setup.socket.terminate(), IDLE_TIMEOUT_MS);
    this.#idleTimer.unref();
  }

  async #onClose(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idleTimer);
    if (this.#session) await this.setup.hub.detach(this.#session);
  }

  /** Setup failed on our side: the client may reconnect. */
  fail(error: unknown): void {
    this.setup.log.error({ err: error }, 'websocket setup failed');
    this.setup.socket.close(1011, 'Server error');
  }
}
