/**
 * Events between processes (ARCHITECTURE "Two ways to run"): live fan-out on topics, a short
 * replay log per stream so a reconnecting client can catch up, and presence keys with a TTL.
 * Payloads are opaque strings (JSON made by the caller); every name is scoped to the
 * installation's namespace by the driver.
 *
 * Payloads and log entries are single-line: the Redis driver sends the payloads of one batch
 * joined by newlines and the memory driver stores log entries joined by newlines, so `publish`
 * and `appendAndPublish` throw (synchronously, before delivering anything) when one contains a
 * '\n'. Every caller uses JSON.stringify, which never emits a raw newline.
 */
export type BusHandler = (payload: string) => void;

export interface ReplayLogOptions {
  /**
   * Oldest entries are dropped beyond this many. Redis stores the appends to one log written
   * in the same batch as one stream entry and trims approximately (MAXLEN ~), so there the
   * bound counts batches: under load a log may keep several times this many payloads.
   */
  maxEntries: number;
  /** The whole log expires this long after its last append (Redis: up to 30 s sooner). */
  ttlMs: number;
}

/** One member's claim on a presence key (see Bus.claimPresence). */
export interface PresenceClaim {
  holder: string;
  member: string;
  ttlMs: number;
  /** The holder this claim may take the key over from. */
  takeOverFrom?: string | undefined;
}

export interface Bus {
  readonly driver: 'memory' | 'redis';
  /**
   * Every subscriber of `topic`, in any process, gets `payload`; order is kept per publisher
   * and topic (not across topics).
   */
  publish(topic: string, payload: string): Promise<void>;
  /**
   * Appends `logEntry` (by default the payload itself; the caller may store a compact form) to
   * the replay log `log`, then publishes `payload` on `topic`. The append lands first, so a
   * reader that subscribed before reading the log sees every event at least once.
   */
  appendAndPublish(log: string, topic: string, payload: string, logEntry?: string): Promise<void>;
  /** The log's payloads, oldest first (empty when expired or never written). */
  readLog(log: string): Promise<string[]>;
  deleteLog(log: string): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Presence: a key held by one holder through any number of members (one per socket), each
   * live for `ttlMs` after its last claim. Atomically, in every process alike: the member joins
   * and `holder` keeps or gets the key when it has no live member or is already `holder`'s (or
   * `takeOverFrom`'s, when given). Answers the key's holder after the call, so anything other
   * than `holder` means refused (and nothing changed). Claiming again refreshes the member.
   */
  claimPresence(key: string, claim: PresenceClaim): Promise<string>;
  /** The key's holder while at least one of its members is live. */
  presenceHolder(key: string): Promise<string | undefined>;
  /** Drops one member; the other members (and with them the holder) stay. */
  releasePresence(key: string, member: string): Promise<void>;
  /**
   * Resolves when the bus can carry events between processes right now (health checks); the
   * memory bus always can.
   */
  ping(): Promise<void>;
  /**
   * `listener` runs each time the bus is back after an outage (Redis restarted: it keeps no
   * data, so presence must be claimed again). The bus counts as up again once every listener
   * has settled.
   */
  onReconnect(listener: () => Promise<void>): void;
  close(): Promise<void>;
}

export const DEFAULT_REPLAY_LOG: ReplayLogOptions = {
  // A long answer is a few thousand events; beyond this a client reloads the message instead.
  maxEntries: 20_000,
  // Long enough for a reload or a reconnect with backoff (30 s max), short enough to stay small.
  ttlMs: 10 * 60_000,
};

/** What both drivers join single-line payloads or log entries with. */
export const LINE_SEPARATOR = '\n';

/**
 * Refuses a payload or log entry holding a newline: it is a caller's bug (JSON.stringify never
 * emits one), and stored or sent joined with others it would come back as two.
 */
export function assertSingleLine(value: string, what: string): void {
  if (value.includes(LINE_SEPARATOR))
    throw new Error(`Bus ${what} must be a single line: it contains a newline character`);
}
