/**
 * What counts as the user being there. Ambient signs (the pointer moving, scrolling, the tab
 * coming into view) extend the session quietly but do not dismiss a warning the user may not
 * have read; deliberate input (a key, a press, "Stay signed in") and streaming answers always do.
 */
export type ActivityKind = 'ambient' | 'deliberate' | 'stream';

export interface IdleTimerOptions {
  timeoutMs: number;
  /** How long before the sign-out the warning shows. */
  warningMs: number;
  /** Activity closer than this to the last recorded one is not written again. */
  writeIntervalMs: number;
  /** The moment of the last activity, shared by every tab of the browser. */
  lastActivity: { read(): number | null; write(at: number): void };
  onWarn(deadline: number): void;
  onCalm(): void;
  onIdle(): void;
  now?: () => number;
}

export interface IdleTimer {
  /** Starts (or restarts) timing; `fresh` counts the start itself as activity (a sign-in). */
  start(options?: { fresh?: boolean }): void;
  stop(): void;
  activity(kind: ActivityKind): void;
  /** Looks again at the shared last activity (another tab wrote it). */
  check(): void;
  isIdle(): boolean;
}

/**
 * One idle deadline for all tabs: every tab reads the same last-activity moment, so activity in
 * any tab moves the deadline (and takes the warning down) in all of them.
 */
export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  const now = options.now ?? Date.now;
  const { timeoutMs, warningMs, writeIntervalMs, lastActivity } = options;
  let running = false;
  let warning = false;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const lastActive = () => lastActivity.read() ?? startedAt;
  const deadline = () => lastActive() + timeoutMs;

  const calm = () => {
    if (!warning) return;
    warning = false;
    options.onCalm();
  };

  const check = () => {
    clearTimeout(timer);
    if (!running) return;
    const at = now();
    const end = deadline();
    if (at >= end) {
      running = false;
      calm();
      options.onIdle();
      return;
    }
    if (at >= end - warningMs) {
      if (!warning) {
        warning = true;
        options.onWarn(end);
      }
      timer = setTimeout(check, end - at);
    } else {
      calm();
      timer = setTimeout(check, end - warningMs - at);
    }
  };

  return {
    start: ({ fresh = false } = {}) => {
      running = true;
      startedAt = now();
      if (fresh || lastActivity.read() === null) lastActivity.write(startedAt);
      check();
    },
    stop: () => {
      running = false;
      clearTimeout(timer);
      calm();
    },
    activity: (kind) => {
      if (!running) return;
      const at = now();
      // Too late: activity after the deadline (a laptop waking up) does not revive the session.
      if (at >= deadline()) return check();
      if (warning && kind === 'ambient') return;
      if (!warning && at - lastActive() < writeIntervalMs) return;
      lastActivity.write(at);
      check();
    },
    check,
    isIdle: () => now() >= deadline(),
  };
}
