import { TelemetryRequest } from '@parallax/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventTracker } from './event-tracker';

describe('usage events', () => {
  afterEach(() => vi.useRealTimers());

  it('batches events as the contract TelemetryRequest every flush interval, redacted', async () => {
    vi.useFakeTimers();
    const bodies: string[] = [];
    const tracker = createEventTracker({
      enabled: true,
      flushIntervalMs: 30_000,
      send: async (_url, body) => {
        bodies.push(body);
        return { status: 202 };
      },
    });
    tracker.start();
    tracker.track('page_view', { path: '/compare' });
    tracker.track('message_sent', { model: 'gpt-5-mini', message: 'my private message' });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(bodies).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    tracker.stop();
    expect(bodies).toHaveLength(1);
    const sent = TelemetryRequest.parse(JSON.parse(bodies[0] ?? ''));
    expect(sent.events.map((e) => e.event_type)).toEqual(['page_view', 'message_sent']);
    expect(bodies[0]).not.toContain('my private message');
    expect(tracker.pending()).toBe(0);
  });

  it('sends the rest by beacon when the page is hidden', () => {
    const beacons: string[] = [];
    const tracker = createEventTracker({
      enabled: true,
      beacon: (_url, body) => beacons.push(body) > 0,
    });
    tracker.start();
    tracker.track('vote', { winner: 'tie' });
    window.dispatchEvent(new Event('pagehide'));
    tracker.stop();
    expect(beacons).toHaveLength(1);
  });

  it('records and sends nothing when the analytics flag is off', async () => {
    const send = vi.fn();
    const tracker = createEventTracker({ enabled: false, send });
    tracker.start();
    tracker.track('page_view', { path: '/' });
    await tracker.flush();
    expect(tracker.pending()).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps events unsent until the analytics flag is known, then follows it', async () => {
    const bodies: string[] = [];
    const beacons: string[] = [];
    const tracker = createEventTracker({
      send: async (_url, body) => {
        bodies.push(body);
        return { status: 202 };
      },
      beacon: (_url, body) => beacons.push(body) > 0,
    });
    tracker.start();
    tracker.track('page_view', { path: '/' });
    await tracker.flush();
    window.dispatchEvent(new Event('pagehide'));
    expect(bodies).toEqual([]);
    expect(beacons).toEqual([]);
    expect(tracker.pending()).toBe(1);

    tracker.setEnabled(true);
    await tracker.flush();
    expect(bodies).toHaveLength(1);

    // Turned off: what is kept is dropped unsent, and nothing new is recorded.
    tracker.track('vote', { winner: 'tie' });
    tracker.setEnabled(false);
    tracker.track('page_view', { path: '/compare' });
    await tracker.flush();
    tracker.stop();
    expect(tracker.pending()).toBe(0);
    expect(bodies).toHaveLength(1);
  });
});
