import { randomBytes } from 'node:crypto';
import { STREAM_ERROR_CODES, WS_SIGNED_OUT } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { ownerKey as keyOf, type ChatOwner } from '../infra/auth/chat-owner';
import type { Bus, PresenceClaim } from '../infra/bus/bus';
import {
  decodeLog,
  messageLog,
  ownerTopic,
  parseEnvelope,
  type StreamEvent,
} from './stream-envelope';
import { CLOSE } from './close-codes';
import { SocketSession, type SocketPrincipal } from './socket-session';

const REPLACE_TOPIC = 'socket-replace';
/** Payload: an owner key whose sockets every process closes (account disabled or deleted). */
const SIGN_OUT_TOPIC = 'socket-sign-out';
/** Payload: a SessionsEndNotice, whose sockets every process closes (those sessions signed out). */
const SESSIONS_END_TOPIC = 'socket-sessions-end';
/**
 * How long a signed-out session is remembered here: a socket whose token was checked just
 * before the sign-out and that registers just after it (a database read and a bus round trip
 * apart) is closed too.
 */
const ENDED_SESSION_MEMORY_MS = 60_000;
/** Presence outlives a refresh interval twice, so a live socket never looks gone. */
export const PRESENCE_TTL_MS = 90_000;
const PRESENCE_REFRESH_MS = 30_000;

/** What the hub asks the chat feature when a resume finds no replay log. */
export type MessageLookup = (
  owner: ChatOwner,
  messageId: string,
) => Promise<{ found: false } | { found: true; running: boolean; finalEvent: StreamEvent | null }>;

/** Whether `newOwner` may take over a connection id held by `holderKey` (sign-in). */
export type ReplacePolicy = (holderKey: string, newOwner: ChatOwner) => Promise<boolean>;

interface SessionsEndNotice {
  ownerKey: string;
  sessionIds: string[];
}

interface ReplaceNotice {
  connectionId: string;
  ownerKey: string;
  nonce: string;
}

/**
 * The websocket hub of one process: its open sockets, one bus subscription per owner with a
 * socket here, fan-out of generation events to the right sockets, resume from a sequence, and
 * connection presence shared through the bus so any process can tell whether a send's
 * X-Connection-Id is live.
 *
 * A connection id belongs to the owner whose socket claimed it first, for as long as any
 * socket of that owner lives under it (in any process): another owner's socket is refused,
 * except for the sign-in hand-over the ReplacePolicy allows. Registration is per socket, so
 * one socket closing never unregisters another.
 */
export class RealtimeHub {
  readonly #byConnection = new Map<string, Set<SocketSession>>();
  readonly #byOwner = new Map<
    string,
    { sessions: Set<SocketSession>; unsubscribe: Promise<() => Promise<void>> }
  >();
  #lookup: MessageLookup = async () => ({ found: false });
  #stopReplace: (() => Promise<void>) | undefined;
  #stopSignOut: (() => Promise<void>) | undefined;
  #stopSessionsEnd: (() => Promise<void>) | undefined;
  /** Sign-in sessions ended lately, in every process (their notices), and until when to keep them. */
  readonly #endedSessions = new Map<string, number>();
  readonly #presenceTimer: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly canReplace: ReplacePolicy,
  ) {
    this.#presenceTimer = setInterval(() => void this.#refreshPresence(), PRESENCE_REFRESH_MS);
    this.#presenceTimer.unref();
    bus.onReconnect(() => this.#refreshPresence());
  }

  async start(): Promise<void> {
    this.#stopReplace = await this.bus.subscribe(REPLACE_TOPIC, (payload) =>
      this.#onReplaceNotice(payload),
    );
    this.#stopSignOut = await this.bus.subscribe(SIGN_OUT_TOPIC, (ownerKey) =>
      this.#closeOwner(ownerKey),
    );
    this.#stopSessionsEnd = await this.bus.subscribe(SESSIONS_END_TOPIC, (payload) =>
      this.#onSessionsEnd(payload),
    );
  }

  /**
   * Closes every open socket of `owner` in every process, as an authentication failure so the
   * client does not reconnect with what it holds. Revoking tokens alone would leave a socket
   * opened earlier streaming until it drops.
   */
  async signOut(owner: ChatOwner): Promise<void> {
    const ownerKey = keyOf(owner);
    // Here at once, not after the bus round trip; the notice reaches the other processes.
    this.#closeOwner(ownerKey);
    await this.bus.publish(SIGN_OUT_TOPIC, ownerKey);
  }

  /**
   * Closes, in every process, the sockets that authenticated with one of the user's sign-in
   * sessions `sessionIds` (just signed out), with signOut's close code; the user's sockets of
   * other sessions stay open.
   */
  async endSessions(userId: string, sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const notice: SessionsEndNotice = {
      ownerKey: keyOf({ kind: 'user', id: userId }),
      sessionIds: [...sessionIds],
    };
    this.#closeSessions(notice);
    await this.bus.publish(SESSIONS_END_TOPIC, JSON.stringify(notice));
  }

  setMessageLookup(lookup: MessageLookup): void {
    this.#lookup = lookup;
  }

  /**
   * Registers an authenticated socket, or answers null when the connection id is held by a
   * live socket of another owner. Resolves once its owner's events are subscribed, so nothing
   * published after `connection_established` can be missed.
   */
  async attach(
    socket: WebSocket,
    connectionId: string,
    { owner, authSessionId }: SocketPrincipal,
  ): Promise<SocketSession | null> {
    const ownerKey = keyOf(owner);
    const session = new SocketSession(
      socket,
      connectionId,
      owner,
      ownerKey,
      randomBytes(8).toString('hex'),
      authSessionId,
    );
    const key = presenceKey(connectionId);
    const holder = await this.bus.claimPresence(key, membership(session));
    if (holder !== ownerKey && !(await this.#takeOver(key, holder, session))) return null;
    try {
      await this.#register(session);
    } catch (error) {
      await this.detach(session);
      throw error;
    }
    if (authSessionId !== null && this.#endedSessions.has(authSessionId))
      session.socket.close(WS_SIGNED_OUT.code, WS_SIGNED_OUT.reason);
    if (holder !== ownerKey) {
      const notice: ReplaceNotice = { connectionId, ownerKey, nonce: session.nonce };
      await this.bus.publish(REPLACE_TOPIC, JSON.stringify(notice));
    }
    return session;
  }

  async detach(session: SocketSession): Promise<void> {
    session.close();
    const sessions = this.#byConnection.get(session.connectionId);
    sessions?.delete(session);
    if (sessions?.size === 0) this.#byConnection.delete(session.connectionId);
    const entry = this.#byOwner.get(session.ownerKey);
    if (entry?.sessions.delete(session) && entry.sessions.size === 0) {
      this.#byOwner.delete(session.ownerKey);
      await (await entry.unsubscribe)().catch(() => undefined);
    }
    await this.bus
      .releasePresence(presenceKey(session.connectionId), session.nonce)
      .catch(() => undefined);
  }

  /** True when `connectionId` is an open socket of `ownerKey` in any process. */
  async isLive(connectionId: string, ownerKey: string): Promise<boolean> {
    const local = this.#byConnection.get(connectionId);
    if (local && [...local].some((s) => s.isOpen && s.ownerKey === ownerKey)) return true;
    return (await this.bus.presenceHolder(presenceKey(connectionId))) === ownerKey;
  }

  /** Replays message `messageId` after token `lastSequence`, then streams the live rest. */
  async resume(session: SocketSession, messageId: string, lastSequence: number): Promise<void> {
    session.beginResume(messageId);
    try {
      const replay = decodeLog(await this.bus.readLog(messageLog(messageId)));
      if (replay.length > 0 && replay.some((e) => e.owner !== session.ownerKey))
        return this.#notFound(session, messageId);
      if (replay.length > 0) return session.finishResume(messageId, replay, lastSequence);
      const known = await this.#lookup(session.owner, messageId);
      if (!known.found) return this.#notFound(session, messageId);
      // No log (expired, or nothing streamed yet): stream what comes live, or say how it ended.
      session.finishResume(messageId, [], lastSequence);
      if (!known.running) {
        session.forget(messageId);
        if (known.finalEvent) session.send(known.finalEvent);
      }
    } catch (error) {
      session.forget(messageId);
      this.log.warn({ err: error }, 'resume failed');
      session.send({
        type: 'error',
        error: 'Could not resume the stream',
        code: STREAM_ERROR_CODES.resumeFailed,
        message_id: messageId,
      });
    }
  }

  get openSockets(): number {
    let count = 0;
    for (const sessions of this.#byConnection.values()) count += sessions.size;
    return count;
  }

  /**
   * The drain of a rolling restart: with a shared bus every socket is told to reconnect
   * elsewhere at once, and the answers still running here reach it there through the bus (the
   * client resumes from its last sequence). With the memory bus there is no elsewhere: the
   * sockets stay until the process stops.
   */
  drain(): void {
    if (this.bus.driver === 'memory') return;
    for (const session of this.#sessions()) closeForRestart(session.socket);
  }

  async close(): Promise<void> {
    clearInterval(this.#presenceTimer);
    for (const session of this.#sessions()) closeForRestart(session.socket);
    await this.#stopReplace?.();
    await this.#stopSignOut?.();
    await this.#stopSessionsEnd?.();
  }

  /** The sign-in hand-over: `session`'s owner takes the id from `holder` when the policy allows. */
  async #takeOver(key: string, holder: string, session: SocketSession): Promise<boolean> {
    if (!(await this.canReplace(holder, session.owner).catch(() => false))) return false;
    const now = await this.bus.claimPresence(key, { ...membership(session), takeOverFrom: holder });
    return now === session.ownerKey;
  }

  async #register(session: SocketSession): Promise<void> {
    let sessions = this.#byConnection.get(session.connectionId);
    if (!sessions) {
      sessions = new Set();
      this.#byConnection.set(session.connectionId, sessions);
    }
    sessions.add(session);
    const { ownerKey } = session;
    let entry = this.#byOwner.get(ownerKey);
    if (!entry) {
      entry = {
        sessions: new Set(),
        unsubscribe: this.bus.subscribe(ownerTopic(ownerKey), (payload) =>
          this.#onOwnerEvent(ownerKey, payload),
        ),
      };
      this.#byOwner.set(ownerKey, entry);
    }
    entry.sessions.add(session);
    await entry.unsubscribe;
  }

  *#sessions(): Generator<SocketSession> {
    for (const sessions of this.#byConnection.values()) yield* sessions;
  }

  #notFound(session: SocketSession, messageId: string): void {
    session.forget(messageId);
    session.send({
      type: 'error',
      error: 'Message not found',
      code: 'not_found',
      message_id: messageId,
    });
  }

  #onOwnerEvent(ownerKey: string, payload: string): void {
    const envelope = parseEnvelope(payload);
    if (!envelope || envelope.owner !== ownerKey) return;
    const entry = this.#byOwner.get(ownerKey);
    if (!entry) return;
    for (const session of entry.sessions) session.offerLive(envelope);
  }

  #closeOwner(ownerKey: string): void {
    for (const session of this.#byOwner.get(ownerKey)?.sessions ?? []) {
      if (session.isOpen) session.socket.close(WS_SIGNED_OUT.code, WS_SIGNED_OUT.reason);
    }
  }

  #onSessionsEnd(payload: string): void {
    let notice: SessionsEndNotice;
    try {
      notice = JSON.parse(payload) as SessionsEndNotice;
    } catch {
      return;
    }
    if (typeof notice.ownerKey === 'string' && Array.isArray(notice.sessionIds))
      this.#closeSessions(notice);
  }

  #closeSessions({ ownerKey, sessionIds }: SessionsEndNotice): void {
    const now = Date.now();
    for (const [id, until] of this.#endedSessions) if (until <= now) this.#endedSessions.delete(id);
    for (const id of sessionIds) this.#endedSessions.set(id, now + ENDED_SESSION_MEMORY_MS);
    const ended = new Set(sessionIds);
    for (const session of this.#byOwner.get(ownerKey)?.sessions ?? []) {
      if (session.isOpen && session.authSessionId !== null && ended.has(session.authSessionId))
        session.socket.close(WS_SIGNED_OUT.code, WS_SIGNED_OUT.reason);
    }
  }

  /** Another owner took the id over (sign-in): this process's sockets of the old owner go. */
  #onReplaceNotice(payload: string): void {
    let notice: ReplaceNotice;
    try {
      notice = JSON.parse(payload) as ReplaceNotice;
    } catch {
      return;
    }
    for (const session of this.#byConnection.get(notice.connectionId) ?? []) {
      if (session.ownerKey !== notice.ownerKey && session.isOpen)
        session.socket.close(CLOSE.replaced, 'Replaced by a newer connection');
    }
  }

  /**
   * Keeps each socket's membership alive; one whose id was handed over meanwhile is closed.
   * Also run when Redis is back after a restart: it lost every key, and until they are claimed
   * again other processes would take these live sockets for gone.
   */
  async #refreshPresence(): Promise<void> {
    const open = [...this.#sessions()].filter((session) => session.isOpen);
    const failures: unknown[] = [];
    await Promise.all(
      open.map(async (session) => {
        const holder = await this.bus
          .claimPresence(presenceKey(session.connectionId), membership(session))
          .catch((error: unknown) => {
            // Not known to be replaced: a socket held here is not dropped for a Redis failure.
            failures.push(error);
            return session.ownerKey;
          });
        if (holder !== session.ownerKey)
          session.socket.close(CLOSE.replaced, 'Replaced by a newer connection');
      }),
    );
    if (failures.length > 0)
      this.log.warn({ err: failures[0], sockets: failures.length }, 'presence refresh failed');
  }
}

export function closeForRestart(socket: WebSocket): void {
  socket.close(CLOSE.restarting, 'Server restarting');
}

function presenceKey(connectionId: string): string {
  return `conn:${connectionId}`;
}

/** A socket's claim on its connection id: its owner holds the id, the socket is one member. */
function membership(session: SocketSession): PresenceClaim {
  return { holder: session.ownerKey, member: session.nonce, ttlMs: PRESENCE_TTL_MS };
}
