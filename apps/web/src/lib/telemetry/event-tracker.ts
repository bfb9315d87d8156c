import {
  LIMITS,
  TELEMETRY_BATCH_MAX,
  type TelemetryEvent,
  type TelemetryRequest,
} from '@parallax/contract';
import { getVisitorId } from '../visitor-id';
import { toScalarRecord } from './fit-to-caps';
import { redactRecord } from './redact';
import { postReport } from './report-transport';

/** The usage events of spec §7 the web sends. */
export type TelemetryEventType =
  'page_view' | 'message_sent' | 'compare_started' | 'vote' | 'error';

export interface EventTrackerOptions {
  endpoint?: string;
  flushIntervalMs?: number;
  /**
   * The analytics flag: off, nothing is recorded or sent. Left out, the tracker waits for
   * setEnabled (the app sets it from the public config): events are kept, not sent, till then.
   */
  enabled?: boolean;
  send?: (url: string, body: string) => Promise<{ status: number }>;
  beacon?: (url: string, body: string) => boolean;
}

const MAX_QUEUED = TELEMETRY_BATCH_MAX * 2;

/**
 * Usage events (page views, sends, comparisons, votes, errors) batched as the contract's
 * TelemetryRequest to /api/v1/logging/telemetry every 30 s and by beacon on unload. Properties
 * go through the same redaction as error records; a lost batch is not retried (usage counts
 * tolerate gaps, and retrying would double-count an accepted one whose answer was lost).
 */
export function createEventTracker(options: EventTrackerOptions = {}) {
  const endpoint =
    options.endpoint ?? `${import.meta.env.VITE_API_BASE ?? '/api/v1'}/logging/telemetry`;
  let enabled: boolean | null = options.enabled ?? null;
  const send = options.send ?? ((url: string, body: string) => postReport(url, body));
  const beacon =
    options.beacon ??
    ((url: string, body: string) =>
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(url, new Blob([body], { type: 'application/json' })));
  let queue: TelemetryEvent[] = [];
  let userId: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const take = () => queue.splice(0, TELEMETRY_BATCH_MAX);
  const bodyOf = (events: TelemetryEvent[]) => {
    const request: TelemetryRequest = { events };
    return JSON.stringify(request);
  };
  const flush = async () => {
    if (enabled !== true) return;
    const batch = take();
    if (batch.length === 0) return;
    await send(endpoint, bodyOf(batch)).catch(() => undefined);
  };
  const flushByBeacon = () => {
    if (enabled !== true) return;
    const batch = take();
    if (batch.length > 0) beacon(endpoint, bodyOf(batch));
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushByBeacon();
  };

  return {
    get enabled() {
      return enabled;
    },
    /** The analytics flag's value; turned off, the events kept so far are dropped unsent. */
    setEnabled(on: boolean) {
      enabled = on;
      if (!on) queue = [];
    },
    track(type: TelemetryEventType, properties: Record<string, unknown> = {}) {
      if (enabled === false) return;
      const event: TelemetryEvent = {
        event_type: type,
        properties: toScalarRecord(redactRecord(properties)),
        timestamp: new Date().toISOString(),
        session_id: getVisitorId(),
        user_id: userId,
      };
      queue = [...queue, event].slice(-MAX_QUEUED);
    },
    setUserId(id: string | null) {
      userId = id;
    },
    flush,
    pending: () => queue.length,
    start() {
      if (enabled === false || timer) return;
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

export type EventTracker = ReturnType<typeof createEventTracker>;

export const eventTracker: EventTracker = createEventTracker();
