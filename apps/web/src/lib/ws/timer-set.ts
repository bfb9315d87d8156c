/**
 * The timeouts a socket has pending (connect timeout, pings, pong wait, reconnect), so that
 * ending a connection can cancel them all at once and none fires on a socket that is gone.
 */
export class TimerSet {
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();

  later(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      fn();
    }, ms);
    this.#timers.add(timer);
    return timer;
  }

  clear(timer: ReturnType<typeof setTimeout>): void {
    clearTimeout(timer);
    this.#timers.delete(timer);
  }

  clearAll(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
