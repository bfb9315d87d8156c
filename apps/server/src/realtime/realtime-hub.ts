import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { ownerKey as keyOf, type ChatOwner } from '../features/conversations/chat-owner';
import type { Bus } from '../infra/bus/bus';
import {
  decodeLog,
  messageLog,
  ownerTopic,
  parseEnvelope,
  type StreamEvent,
} from './stream-envelope';
import { SocketSession } from './socket-session';

const REPLACE_TOPIC = 'socket-replace';
/** Presence outlives a refresh interval twice, so a live socket never looks gone. */
export const PRESENCE_TTL_MS = 90_000;
const PRESENCE_REFRESH_MS = 30_000;

/** What the hub asks the chat feature when a resume finds no replay log. */
export type MessageLookup = (
  owner: ChatOwner,
  messageId: string,
) => Promise<{ found: false } | { found: true; running: boolean; finalEvent: StreamEvent | null }>;

/** Whether a socket of `newOwnerKey` may take over the connection id of `oldOwner` (sign-in). */
export type ReplacePolicy = (oldOwner: ChatOwner, newOwnerKey: string) => Promise<boolean>;

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
 */
export class RealtimeHub {
  readonly #byConnection = new Map<string, SocketSession>();
  readonly #byOwner = new Map<
    string,
    { sessions: Set<SocketSession>; unsubscribe: Promise<() => Promise<void>> }
  >();
  #lookup: MessageLookup = async () => ({ found: false });
  #stopReplace: (() => Promise<void>) | undefined;
  readonly #presenceTimer: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly canReplace: ReplacePolicy,
  ) {
    this.#presenceTimer = setInterval(() => void this.#refreshPresence(), PRESENCE_REFRESH_MS);
    this.#presenceTimer.unref();
  }

  async start(): Promise<void> {
    this.#stopReplace = await this.bus.subscribe(
      REPLACE_TOPIC,
      (payload) => void this.#onReplaceNotice(payload),
    );
  }

  setMessageLookup(lookup: MessageLookup): void {
    this.#lookup = lookup;
  }

  /**
   * Registers an authenticated socket. Resolves once its owner's events are subscribed, so
   * nothing published after `connection_established` can be missed. Another socket using the
   * same connection id (here or in another process) is closed when the policy allows it.
   */
  async attach(socket: WebSocket, connectionId: string, owner: ChatOwner): Promise<SocketSession> {
    const ownerKey = keyOf(owner);
    const session = new SocketSession(
      socket,
      connectionId,
      owner,
      ownerKey,
      randomBytes(8).toString('hex'),
    );
    const previous = this.#byConnection.get(connectionId);
    if (previous && previous.isOpen) await this.#maybeReplace(previous, ownerKey);
    this.#byConnection.set(connectionId, session);
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
    await this.bus.setPresence(presenceKey(connectionId), presenceValue(session), PRESENCE_TTL_MS);
    const notice: ReplaceNotice = { connectionId, ownerKey, nonce: session.nonce };
    await this.bus.publish(REPLACE_TOPIC, JSON.stringify(notice));
    return session;
  }

  async detach(session: SocketSession): Promise<void> {
    session.close();
    if (this.#byConnection.get(session.connectionId) === session)
      this.#byConnection.delete(session.connectionId);
    const entry = this.#byOwner.get(session.ownerKey);
    if (entry) {
      entry.sessions.delete(session);
      if (entry.sessions.size === 0) {
        this.#byOwner.delete(session.ownerKey);
        await (await entry.unsubscribe)().catch(() => undefined);
      }
    }
    await this.bus
      .clearPresence(presenceKey(session.connectionId), presenceValue(session))
      .catch(() => undefined);
  }

  /** True when `connectionId` is an open socket of `ownerKey` in any process. */
  async isLive(connectionId: string, ownerKey: string): Promise<boolean> {
    const local = this.#byConnection.get(connectionId);
    if (local?.isOpen && local.ownerKey === ownerKey) return true;
    const value = await this.bus.getPresence(presenceKey(connectionId));
    return value !== undefined && value.startsWith(`${ownerKey}|`);
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
        code: 'resume_failed',
        message_id: messageId,
      });
    }
  }

  get openSockets(): number {
    return this.#byConnection.size;
  }

  async close(): Promise<void> {
    clearInterval(this.#presenceTimer);
    for (const session of [...this.#byConnection.values()])
      session.socket.close(1001, 'Server shutting down');
    await this.#stopReplace?.();
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

  async #onReplaceNotice(payload: string): Promise<void> {
    let notice: ReplaceNotice;
    try {
      notice = JSON.parse(payload) as ReplaceNotice;
    } catch {
      return;
    }
    const existing = this.#byConnection.get(notice.connectionId);
    if (!existing || existing.nonce === notice.nonce || !existing.isOpen) return;
    await this.#maybeReplace(existing, notice.ownerKey);
  }

  async #maybeReplace(existing: SocketSession, newOwner: string): Promise<void> {
    const allowed =
      existing.ownerKey === newOwner ||
      (await this.canReplace(existing.owner, newOwner).catch(() => false));
    if (allowed) existing.socket.close(4000, 'Replaced by a newer connection');
  }

  async #refreshPresence(): Promise<void> {
    for (const session of this.#byConnection.values()) {
      if (!session.isOpen) continue;
      await this.bus
        .setPresence(presenceKey(session.connectionId), presenceValue(session), PRESENCE_TTL_MS)
        .catch((error: unknown) => this.log.warn({ err: error }, 'presence refresh failed'));
    }
  }
}

function presenceKey(connectionId: string): string {
  return `conn:${connectionId}`;
}

function presenceValue(session: SocketSession): string {
  return `${session.ownerKey}|${session.nonce}`;
}
