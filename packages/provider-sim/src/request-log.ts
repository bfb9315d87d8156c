import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import type { Provider } from '@parallax/contract';

export type SimOutcome = 'completed' | 'error' | 'dropped' | 'stalled' | 'client_closed';

export interface SimRequestRecord {
  id: number;
  /** The Parallax provider whose upstream this request imitated; undefined for unknown paths. */
  provider: Provider | undefined;
  method: string;
  path: string;
  /** Query parameters, with any `key` (the Gemini API key) redacted. */
  query: Record<string, string>;
  model: string | undefined;
  stream: boolean;
  /** Request headers with credentials redacted. */
  headers: Record<string, string>;
  body: unknown;
  /** The names of the tools the request offered the model. */
  tools: string[];
  status: number | undefined;
  outcome: SimOutcome | undefined;
  tokensSent: number;
  startedAt: number;
  firstTokenAt: number | undefined;
  endedAt: number | undefined;
  /** When the client closed the connection before the sim finished its answer. */
  closedByClientAt: number | undefined;
}

export type SimEventName = 'request' | 'update' | 'end' | 'client-close';
export type SimEvents = Record<SimEventName, [SimRequestRecord]>;

const SECRET_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'cookie',
]);
const REDACTED = '[redacted]';

export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    safe[name] = SECRET_HEADERS.has(name)
      ? REDACTED
      : Array.isArray(value)
        ? value.join(', ')
        : value;
  }
  return safe;
}

export function redactQuery(params: URLSearchParams): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of params) safe[name] = name === 'key' ? REDACTED : value;
  return safe;
}

export type NewRequestRecord = Pick<SimRequestRecord, 'method' | 'path' | 'query' | 'headers'>;

/** Every request the sim served, in arrival order, plus events for tests to wait on. */
export class RequestLog extends EventEmitter<SimEvents> {
  readonly #records: SimRequestRecord[] = [];
  #nextId = 1;

  get requests(): readonly SimRequestRecord[] {
    return this.#records;
  }

  open(fields: NewRequestRecord): SimRequestRecord {
    const record: SimRequestRecord = {
      ...fields,
      id: this.#nextId++,
      provider: undefined,
      model: undefined,
      stream: false,
      body: undefined,
      tools: [],
      status: undefined,
      outcome: undefined,
      tokensSent: 0,
      startedAt: Date.now(),
      firstTokenAt: undefined,
      endedAt: undefined,
      closedByClientAt: undefined,
    };
    this.#records.push(record);
    this.emit('request', record);
    return record;
  }

  update(record: SimRequestRecord, changes: Partial<Omit<SimRequestRecord, 'id'>>): void {
    Object.assign(record, changes);
    this.emit('update', record);
  }

  finish(record: SimRequestRecord, outcome: SimOutcome): void {
    if (record.endedAt !== undefined) return;
    this.update(record, { outcome, endedAt: Date.now() });
    this.emit('end', record);
  }

  markClientClosed(record: SimRequestRecord): void {
    if (record.closedByClientAt !== undefined) return;
    const closedAt = Date.now();
    this.update(record, { closedByClientAt: closedAt });
    // A stalled answer stays "stalled": the client hanging up is what ends it.
    if (record.endedAt === undefined)
      this.finish(record, record.outcome === 'stalled' ? 'stalled' : 'client_closed');
    this.emit('client-close', record);
  }

  clear(): void {
    this.#records.length = 0;
  }

  /**
   * Resolves with the first record (past or future) matching `predicate`, re-checked on every
   * change (a record is seen first before its body is read). A predicate that throws rejects
   * the wait with its error at once, instead of escaping into the sim's events.
   */
  waitForRequest(
    predicate: (record: SimRequestRecord) => boolean,
    timeoutMs = 5_000,
  ): Promise<SimRequestRecord> {
    return new Promise((resolve, reject) => {
      const check = (record: SimRequestRecord): boolean => {
        try {
          if (!predicate(record)) return false;
          resolve(record);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return true;
      };
      if (this.#records.some(check)) return;
      const onUpdate = (record: SimRequestRecord): void => {
        if (check(record)) cleanup();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`provider-sim: no matching request within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.off('request', onUpdate);
        this.off('update', onUpdate);
      };
      this.on('request', onUpdate);
      this.on('update', onUpdate);
    });
  }
}
