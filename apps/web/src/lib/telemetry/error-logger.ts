import { LIMITS, LOG_BATCH_MAX, type LogEntry, type LogErrorsRequest } from '@parallax/contract';
import { getVisitorId } from '../visitor-id';
import { createBreadcrumbTrail, type BreadcrumbTrail } from './breadcrumbs';
import { eventTracker } from './event-tracker';
import { buildLogEntry } from './log-entry';
import { observePerformance } from './performance-metrics';
import { postReport } from './report-transport';

/** Uncaught-error events that report no fault. */
const BENIGN_BROWSER_NOTES =
  /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;

/** Flushes a batch may fail before it is dropped: the next flushes retry it. */
export const MAX_FLUSH_ATTEMPTS = 3;
/** Entries kept while the server cannot be reached; the oldest go first beyond this. */
export const MAX_QUEUED_ENTRIES = LOG_BATCH_MAX * 4;

/** What a flush learns from the server: only the status matters. */
export interface FlushResponse {
  status: number;
}

export interface ErrorLoggerOptions {
  endpoint?: string;
  flushIntervalMs?: number;
  /** Normal flush; defaults to fetch with keepalive. Rejects when nothing came back. */
  send?: (url: string, body: string) => Promise<FlushResponse>;
  /** Page-unload flush; defaults to navigator.sendBeacon. */
  beacon?: (url: string, body: string) => boolean;
  /** Told about the first failed flush only; defaults to console.warn in development. */
  warn?: (message: string, detail: unknown) => void;
  breadcrumbs?: BreadcrumbTrail;
  /** Told each logged error's type, e.g. to count it as a usage event. */
  onLogged?: (errorType: string) => void;
  /** Named measurements (ms) attached to each report. */
  performance?: () => Record<string, number>;
}

const defaultSend = (url: string, body: string): Promise<FlushResponse> => postReport(url, body);

const defaultBeacon = (url: string, body: string) =>
  typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
    ? navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))
    : false;

const defaultWarn = (message: string, detail: unknown) => {
  if (import.meta.env.DEV) console.warn(message, detail);
};

/** A refusal the same batch would meet again (bad shape, too large); anything else may pass later. */
function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

interface QueuedEntry {
  entry: LogEntry;
  attempts: number;
}

/**
 * Batches client errors as the contract's LogErrorsRequest and POSTs them to
 * /api/v1/logging/errors every 30 s and on page unload (spec §7). Deliberately not on the API
 * client: a failing log call must never log itself. A batch that fails for a reason that may
 * pass (offline, 5xx, 429) stays queued for MAX_FLUSH_ATTEMPTS flushes.
 */
export function createErrorLogger(options: ErrorLoggerOptions = {}) {
  const endpoint =
    options.endpoint ?? `${import.meta.env.VITE_API_BASE ?? '/api/v1'}/logging/errors`;
  const send = options.send ?? defaultSend;
  const beacon = options.beacon ?? defaultBeacon;
  const warn = options.warn ?? defaultWarn;
  const breadcrumbs = options.breadcrumbs ?? createBreadcrumbTrail();
  let queue: QueuedEntry[] = [];
  let userId: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let inFlight: Promise<void> | null = null;
  let warned = false;

  const warnOnce = (message: string, detail: unknown) => {
    if (warned) return;
    warned = true;
    warn(message, detail);
  };

  const take = (): QueuedEntry[] => queue.splice(0, LOG_BATCH_MAX);
  const bodyOf = (batch: QueuedEntry[]): string => {
    const request: LogErrorsRequest = { errors: batch.map((q) => q.entry) };
    return JSON.stringify(request);
  };
  /** Puts a failed batch back in front, minus entries out of attempts and beyond the bound. */
  const requeue = (batch: QueuedEntry[]) => {
    const retried = batch
      .map((q) => ({ ...q, attempts: q.attempts + 1 }))
      .filter((q) => q.attempts < MAX_FLUSH_ATTEMPTS);
    queue = [...retried, ...queue].slice(-MAX_QUEUED_ENTRIES);
  };

  const flushBatch = async (batch: QueuedEntry[]): Promise<void> => {
    let response: FlushResponse;
    try {
      response = await send(endpoint, bodyOf(batch));
    } catch (error) {
      requeue(batch);
      warnOnce('Error reports could not be sent; they will be retried.', error);
      return;
    }
    if (response.status >= 200 && response.status < 300) return;
    if (isPermanentRefusal(response.status)) {
      warnOnce(`Error reports were refused (HTTP ${response.status}) and dropped.`, batch);
      return;
    }
    requeue(batch);
    warnOnce(`Error reports failed (HTTP ${response.status}); they will be retried.`, batch);
  };

  const flush = (): Promise<void> => {
    // One flush at a time, so a slow one is not overtaken and its batch sent twice.
    inFlight ??= (async () => {
      try {
        const batch = take();
        if (batch.length > 0) await flushBatch(batch);
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  const flushByBeacon = () => {
    const batch = take();
    if (batch.length > 0 && !beacon(endpoint, bodyOf(batch))) requeue(batch);
  };
  // Mobile browsers often skip pagehide; a hidden tab may never come back.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushByBeacon();
  };

  const log = (error: unknown, context?: Record<string, unknown>): string => {
    const id = `err_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const entry = buildLogEntry({
      id,
      error,
      ...(context && { context }),
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
      url: globalThis.location?.href ?? '',
      userId,
      sessionId: getVisitorId(),
      breadcrumbs: breadcrumbs.snapshot(),
      ...(options.performance && { performance: options.performance() }),
      now: new Date(),
    });
    queue = [...queue, { entry, attempts: 0 }].slice(-MAX_QUEUED_ENTRIES);
    options.onLogged?.(entry.error.type);
    return id;
  };
  // Errors no boundary caught: thrown in handlers and timers, or rejected promises no one awaited.
  const onUncaught = (event: ErrorEvent) => {
    // The browser's note that a ResizeObserver callback changed layout (the message list
    // measures its rows and keeps the scroll position in them): nothing failed.
    if (!event.error && BENIGN_BROWSER_NOTES.test(event.message)) return;
    void log(event.error ?? event.message, { level: 'global' });
  };
  const onRejection = (event: PromiseRejectionEvent) =>
    void log(event.reason, { level: 'unhandled_rejection' });

  return {
    /** Records an error and returns its id (shown to the user so support can find it). */
    log,
    /** Notes what the user did, for the entries of later errors. */
    addBreadcrumb: breadcrumbs.add,
    setUserId(id: string | null) {
      userId = id;
    },
    flush,
    pending: () => queue.length,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), options.flushIntervalMs ?? LIMITS.logFlushIntervalMs);
      window.addEventListener('pagehide', flushByBeacon);
      window.addEventListener('error', onUncaught);
      window.addEventListener('unhandledrejection', onRejection);
      document.addEventListener('visibilitychange', onVisibility);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      window.removeEventListener('pagehide', flushByBeacon);
      window.removeEventListener('error', onUncaught);
      window.removeEventListener('unhandledrejection', onRejection);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

export type ErrorLogger = ReturnType<typeof createErrorLogger>;

const pagePerformance = typeof window === 'undefined' ? null : observePerformance();

export const errorLogger: ErrorLogger = createErrorLogger({
  ...(pagePerformance && { performance: () => pagePerformance.snapshot() }),
  onLogged: (errorType) => eventTracker.track('error', { error_type: errorType }),
});
