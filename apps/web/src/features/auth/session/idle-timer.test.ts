import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, type IdleTimer } from './idle-timer';

const MINUTE = 60_000;
const TIMEOUT = 30 * MINUTE;
const WARNING = MINUTE;

/** One browser: the shared last-activity moment that every tab reads and writes. */
function sharedStorage() {
  let value: number | null = null;
  return {
    read: () => value,
    write: vi.fn((at: number) => {
      value = at;
    }),
  };
}

/** A tab: its own timer over the shared storage, with what it showed the user. */
function openTab(storage: ReturnType<typeof sharedStorage>) {
  const seen = { warnings: [] as number[], calms: 0, idle: 0 };
  const timer: IdleTimer = createIdleTimer({
    timeoutMs: TIMEOUT,
    warningMs: WARNING,
    writeIntervalMs: 5_000,
    lastActivity: storage,
    onWarn: (deadline) => seen.warnings.push(deadline),
    onCalm: () => (seen.calms += 1),
    onIdle: () => (seen.idle += 1),
  });
  return { timer, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the idle timer', () => {
  it('warns a minute before the timeout, then signs out at it', () => {
    const { timer, seen } = openTab(sharedStorage());
    const start = Date.now();
    timer.start({ fresh: true });
    vi.advanceTimersByTime(TIMEOUT - WARNING - 1);
    expect(seen.warnings).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen.warnings).toEqual([start + TIMEOUT]);
    vi.advanceTimersByTime(WARNING - 1);
    expect(seen.idle).toBe(0);
    vi.advanceTimersByTime(1);
    expect(seen).toMatchObject({ idle: 1, calms: 1 });
  });

  it('"Stay signed in" (deliberate activity) takes the warning down and starts the 30 minutes again', () => {
    const { timer, seen } = openTab(sharedStorage());
    timer.start({ fresh: true });
    vi.advanceTimersByTime(TIMEOUT - 30_000);
    expect(seen.warnings).toHaveLength(1);
    timer.activity('deliberate');
    expect(seen.calms).toBe(1);
    vi.advanceTimersByTime(TIMEOUT - WARNING - 1);
    expect(seen).toMatchObject({ idle: 0, warnings: [expect.any(Number)] });
    vi.advanceTimersByTime(WARNING + 1);
    expect(seen.idle).toBe(1);
  });

  it('ambient activity extends quietly before the warning, but does not dismiss a shown warning', () => {
    const { timer, seen } = openTab(sharedStorage());
    timer.start({ fresh: true });
    vi.advanceTimersByTime(10 * MINUTE);
    timer.activity('ambient');
    vi.advanceTimersByTime(TIMEOUT - WARNING - 1);
    expect(seen.warnings).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen.warnings).toHaveLength(1);
    timer.activity('ambient');
    vi.advanceTimersByTime(WARNING);
    expect(seen.idle).toBe(1);
  });

  it('streaming answers count as activity, even while the warning shows', () => {
    const { timer, seen } = openTab(sharedStorage());
    timer.start({ fresh: true });
    for (let minute = 1; minute <= 90; minute++) {
      vi.advanceTimersByTime(MINUTE);
      if (minute === 29 || minute % 20 === 0) timer.activity('stream');
    }
    expect(seen.idle).toBe(0);
    vi.advanceTimersByTime(TIMEOUT);
    expect(seen.idle).toBe(1);
  });

  it('writes activity to the shared storage at most every 5 s', () => {
    const storage = sharedStorage();
    const { timer } = openTab(storage);
    timer.start({ fresh: true });
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(100);
      timer.activity('ambient');
    }
    expect(storage.write).toHaveBeenCalledTimes(2);
  });

  it('activity after the deadline (a laptop waking up) does not revive the session', () => {
    const { timer, seen } = openTab(sharedStorage());
    timer.start({ fresh: true });
    // Timers of a sleeping machine do not run: the clock jumps past the deadline.
    vi.setSystemTime(Date.now() + TIMEOUT + MINUTE);
    timer.activity('deliberate');
    expect(seen.idle).toBe(1);
  });

  it('a session already idle when the app starts ends at once', () => {
    const storage = sharedStorage();
    storage.write(Date.now() - TIMEOUT - 1);
    const { timer, seen } = openTab(storage);
    timer.start();
    expect(seen.idle).toBe(1);
  });
});

describe('one timer for all tabs', () => {
  it('activity in one tab moves the deadline of the others and takes their warning down', () => {
    const storage = sharedStorage();
    const a = openTab(storage);
    const b = openTab(storage);
    a.timer.start({ fresh: true });
    b.timer.start();
    vi.advanceTimersByTime(TIMEOUT - 30_000);
    expect([a.seen.warnings.length, b.seen.warnings.length]).toEqual([1, 1]);
    b.timer.activity('deliberate');
    // What the storage event does in tab A.
    a.timer.check();
    expect([a.seen.calms, b.seen.calms]).toEqual([1, 1]);
    vi.advanceTimersByTime(TIMEOUT - WARNING - 1);
    expect(a.seen.idle + b.seen.idle).toBe(0);
    vi.advanceTimersByTime(WARNING + 1);
    expect([a.seen.idle, b.seen.idle]).toEqual([1, 1]);
  });

  it('a tab opened later does not restart the shared timer', () => {
    const storage = sharedStorage();
    const a = openTab(storage);
    a.timer.start({ fresh: true });
    vi.advanceTimersByTime(20 * MINUTE);
    const b = openTab(storage);
    b.timer.start();
    vi.advanceTimersByTime(10 * MINUTE);
    expect([a.seen.idle, b.seen.idle]).toEqual([1, 1]);
  });

  it('stops without a word when the user signs out', () => {
    const { timer, seen } = openTab(sharedStorage());
    timer.start({ fresh: true });
    vi.advanceTimersByTime(TIMEOUT - 30_000);
    timer.stop();
    vi.advanceTimersByTime(TIMEOUT);
    expect(seen).toMatchObject({ calms: 1, idle: 0 });
    expect(timer.isIdle()).toBe(true);
  });
});
