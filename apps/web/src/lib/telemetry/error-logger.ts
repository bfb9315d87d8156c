import { LIMITS } from '@parallax/contract';
import { keysToSnake } from '../case-convert';
import { getVisitorId } from '../visitor-id';

/** The log entry of spec §3 (breadcrumbs and performance metrics arrive with the telemetry work). */
export interface ErrorLogEntry {
  id: string;
  error: string;
  userAgent: string;
  url: string;
  userId: string | null;
  sessionId: string;
  timestamp: string;
  stackTrace: string | null;
  context?: Record<string, unknown>;
}

export interface ErrorLoggerOptions {
  endpoint?: string;
  flushIntervalMs?: number;
  /** Normal flush; defaults to fetch with keepalive. */
  send?: (url: string, body: string) => Promise<unknown>;
  /** Page-unload flush; defaults to navigator.sendBeacon. */
  beacon?: (url: string, body: string) => boolean;
}

const defaultSend = (url: string, body: string) =>
  fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
  });

const defaultBeacon = (url: string, body: string) =>
  typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
    ? navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))
    : false;

/**
 * Batches client errors and POSTs them to /api/v1/logging/errors every 30 s and on page unload.
 * Deliberately not on the API client: a failing log call must never log itself.
 */
export function createErrorLogger(options: ErrorLoggerOptions = {}) {
  const endpoint =
    options.endpoint ?? `${import.meta.env.VITE_API_BASE ?? '/api/v1'}/logging/errors`;
  const send = options.send ?? defaultSend;
  const beacon = options.beacon ?? defaultBeacon;
  let queue: ErrorLogEntry[] = [];
  let userId: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const take = (): string | null => {
    if (queue.length === 0) return null;
    const body = JSON.stringify({ errors: keysToSnake(queue) });
    queue = [];
    return body;
  };

  const flush = async (): Promise<void> => {
    const body = take();
    if (body) await send(endpoint, body).catch(() => undefined);
  };

  const flushByBeacon = () => {
    const body = take();
    if (body) beacon(endpoint, body);
  };
  // Mobile browsers often skip pagehide; a hidden tab may never come back.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushByBeacon();
  };

  return {
    /** Records an error and returns its id (shown to the user so support can find it). */
    log(error: unknown, context?: Record<string, unknown>): string {
      const id = `err_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const err = error instanceof Error ? error : new Error(String(error));
      queue.push({
        id,
        error: err.message,
        userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
        url: globalThis.location?.href ?? '',
        userId,
        sessionId: getVisitorId(),
        timestamp: new Date().toISOString(),
        stackTrace: err.stack ?? null,
        ...(context && { context }),
      });
      return id;
    },
    setUserId(id: string | null) {
      userId = id;
    },
    flush,
    pending: () => queue.length,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), options.flushIntervalMs ?? LIMITS.logFlushIntervalMs);
      window.addEventListener('pagehide', flushByBeacon);
      document.addEventListener('visibilitychange', onVisibility);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      window.removeEventListener('pagehide', flushByBeacon);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

export type ErrorLogger = ReturnType<typeof createErrorLogger>;

export const errorLogger: ErrorLogger = createErrorLogger();
