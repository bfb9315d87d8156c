import type { CredentialsRepository } from './credentials.repository';

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the next try is allowed (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Per-key exponential backoff kept in the database, so every process sees the same state.
 * The first `freeFailures − 1` failures cost nothing; failure number `freeFailures` blocks the
 * key for base, and each further one doubles the block, up to the cap.
 */
export class Throttle {
  constructor(
    private readonly repository: CredentialsRepository,
    private readonly options: { freeFailures: number; baseBlockMs: number; maxBlockMs: number },
  ) {}

  async check(key: string, now: Date = new Date()): Promise<ThrottleVerdict> {
    const row = await this.repository.findThrottle(key);
    if (row?.blocked_until == null) return { allowed: true, retryAfterSeconds: 0 };
    const waitMs = Date.parse(row.blocked_until) - now.getTime();
    return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : { allowed: true, retryAfterSeconds: 0 };
  }

  async recordFailure(key: string, now: Date = new Date()): Promise<void> {
    const row = await this.repository.findThrottle(key);
    const failures = (row?.failures ?? 0) + 1;
    const extra = failures - this.options.freeFailures + 1;
    const blockMs = extra > 0 ? Math.min(this.options.baseBlockMs * 2 ** (extra - 1), this.options.maxBlockMs) : 0;
    await this.repository.saveThrottle({
      key,
      failures,
      blocked_until: blockMs > 0 ? new Date(now.getTime() + blockMs).toISOString() : null,
      updated_at: now.toISOString(),
    });
  }

  async reset(key: string): Promise<void> {
    await this.repository.deleteThrottle(key);
  }
}

/**
 * At most one event per key per interval (mail sends per address). Returns false, without
 * recording anything, when the last one was too recent.
 */
export class Cooldown {
  constructor(
    private readonly repository: CredentialsRepository,
    private readonly intervalMs: number,
  ) {}

  async remainingSeconds(key: string, now: Date = new Date()): Promise<number> {
    const row = await this.repository.findThrottle(key);
    if (row?.blocked_until == null) return 0;
    return Math.max(0, Math.ceil((Date.parse(row.blocked_until) - now.getTime()) / 1000));
  }

  async tryTake(key: string, now: Date = new Date()): Promise<boolean> {
    if ((await this.remainingSeconds(key, now)) > 0) return false;
    await this.repository.saveThrottle({
      key,
      failures: 0,
      blocked_until: new Date(now.getTime() + this.intervalMs).toISOString(),
      updated_at: now.toISOString(),
    });
    return true;
  }
}
