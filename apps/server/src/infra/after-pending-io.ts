/**
 * A queue of work that may wait behind the I/O already arrived: each waiter is let through in
 * its own turn of the event loop (a check phase), one per turn, after that turn's poll phase
 * has handled every request, socket read and upstream chunk that was ready. Under a burst of
 * sends the cheap part of each (checks, the upstream request) runs as the sends arrive, and the
 * costly part behind it (storing the turn) no longer delays the next send's upstream request or
 * an earlier answer's first token; when the process is idle a waiter passes at once (one
 * setImmediate).
 */
export class AfterPendingIo {
  readonly #waiting: (() => void)[] = [];
  #scheduled = false;

  /**
   * Resolves in a later check phase, after the I/O pending now; or as soon as `cutIn`
   * settles, if that is earlier: the waiter's work is now wanted at once, and leaves the queue.
   */
  turn(cutIn?: Promise<unknown>): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
      const jump = (): void => {
        const index = this.#waiting.indexOf(resolve);
        if (index < 0) return;
        this.#waiting.splice(index, 1);
        resolve();
      };
      cutIn?.then(jump, jump);
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#release);
  }

  readonly #release = (): void => {
    this.#scheduled = false;
    const next = this.#waiting.shift();
    if (this.#waiting.length > 0) this.#schedule();
    next?.();
  };
}
