import type { ThrottleRow, ThrottlesRepository } from './throttles.repository';

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the next try is allowed (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

export interface ThrottleOptions {
  freeFailures: number;
  baseBlockMs: number;
  maxBlockMs: number;
}

/**
 * Per-key exponential backoff kept in the database, so every process sees the same state.
 * The first `freeFailures − 1` failures cost nothing; failure number `freeFailures` blocks the
 * key for base, and each further one doubles the block, up to the cap.
 */
export class Throttle {
  /** The block of the n-th failure at index n − 1, through the first capped one. */
  readonly #blocksMs: readonly number[];

  constructor(
    private readonly repository: ThrottlesRepository,
    options: ThrottleOptions,
  ) {
    this.#blocksMs = blockSchedule(options);
  }

  async check(key: string, now: Date = new Date()): Promise<ThrottleVerdict> {
    const wait = secondsLeft(await this.repository.find(key), now);
    return { allowed: wait === 0, retryAfterSeconds: wait };
  }

  /** Counts one failure, also when parallel ones race it; returns the failures counted so far. */
  async recordFailure(key: string, now: Date = new Date()): Promise<number> {
    const blockedUntil = this.#blocksMs.map((ms) =>
      ms > 0 ? new Date(now.getTime() + ms).toISOString() : null,
    );
    const row = await this.repository.addFailure(key, blockedUntil, now.toISOString());
    return row.failures;
  }

  async reset(key: string): Promise<void> {
    await this.repository.delete(key);
  }
}

/**
 * At most one event per key per interval (mail sends per address). Taking is one statement,
 * so of parallel callers in any processes exactly one gets it.
 */
export class Cooldown {
  constructor(
    private readonly repository: ThrottlesRepository,
    private readonly intervalMs: number,
  ) {}

  async remainingSeconds(key: string, now: Date = new Date()): Promise<number> {
    return secondsLeft(await this.repository.find(key), now);
  }

  /** False, recording nothing, while the last event is less than an interval old. */
  tryTake(key: string, now: Date = new Date()): Promise<boolean> {
    return this.repository.takeIfFree(
      key,
      new Date(now.getTime() + this.intervalMs).toISOString(),
      now.toISOString(),
    );
  }
}

/** Ends with the first capped block: every later failure gets that one too. */
export function blockSchedule({
  freeFailures,
  baseBlockMs,
  maxBlockMs,
}: ThrottleOptions): number[] {
  const blocks: number[] = Array.from({ length: Math.max(0, freeFailures - 1) }, () => 0);
  for (let block = baseBlockMs; ; block *= 2) {
    blocks.push(Math.min(block, maxBlockMs));
    if (block >= maxBlockMs || block <= 0) return blocks;
  }
}

function secondsLeft(row: ThrottleRow | undefined, now: Date): number {
  if (row?.blocked_until == null) return 0;
  return Math.max(0, Math.ceil((Date.parse(row.blocked_until) - now.getTime()) / 1000));
}
