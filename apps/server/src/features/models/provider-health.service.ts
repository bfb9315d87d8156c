import type { Provider, ProviderHealth } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CallVerdict } from './provider-health-failure';
import type { ProviderHealthRepository, ProviderHealthRow } from './provider-health.repository';

export interface ProviderHealthTimings {
  /** Connection-level failures of real calls in a row that make a provider unreachable. */
  failuresBeforeUnreachable: number;
  /** How often a reachable provider is probed; also the longest back-off. */
  probeIntervalMs: number;
  /** The first re-probe of an unreachable provider; doubles per failure up to the interval. */
  probeRetryMs: number;
}

/**
 * How long a process reuses the health it read. A change of state is also announced on the
 * bus (every process re-reads at once), so this bounds only a missed announcement.
 */
export const PROVIDER_HEALTH_TTL_MS = 4_000;

export const UNKNOWN_HEALTH: ProviderHealth = Object.freeze({
  state: 'unknown',
  code: null,
  reason: null,
  checked_at: null,
});

export type HealthSnapshot = ReadonlyMap<string, ProviderHealthRow>;

/** A stored row as the contract shows it (no row, or never checked: unknown). */
export function healthOf(snapshot: HealthSnapshot, provider: Provider): ProviderHealth {
  const row = snapshot.get(provider);
  if (!row?.checked_at) return UNKNOWN_HEALTH;
  const unreachable = row.state === 'unreachable';
  return {
    state: unreachable ? 'unreachable' : 'reachable',
    code: unreachable ? row.code : null,
    reason: unreachable ? row.reason : null,
    checked_at: row.checked_at,
  };
}

/**
 * Whether each provider's upstream answers, kept in the database so every process agrees:
 * real calls report here, and so does the probe (provider-health.probe.ts).
 */
export class ProviderHealthService {
  #cache: { value: Promise<HealthSnapshot>; until: number } | undefined;

  constructor(
    private readonly repository: ProviderHealthRepository,
    readonly timings: ProviderHealthTimings,
    /** A provider turned reachable or unreachable: every process's model lists change. */
    private readonly onChange: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  current(): Promise<HealthSnapshot> {
    const now = Date.now();
    if (this.#cache && this.#cache.until > now) return this.#cache.value;
    const value = this.repository
      .listAll()
      .then((rows) => new Map(rows.map((row) => [row.provider, row])));
    this.#cache = { value, until: now + PROVIDER_HEALTH_TTL_MS };
    // A failed read is not kept: the next call asks again.
    value.catch(() => {
      if (this.#cache?.value === value) this.#cache = undefined;
    });
    return value;
  }

  invalidate(): void {
    this.#cache = undefined;
  }

  /**
   * An admin changed the provider's settings (key, URL, switch): what was found no longer
   * says anything, so its models show again and the next round probes it.
   */
  async forget(provider: Provider): Promise<void> {
    await this.repository.forget(provider);
    this.invalidate();
  }

  /** When to probe again after `failures` failures in a row: doubling, capped by the interval. */
  retryDelayMs(failures: number): number {
    const { probeRetryMs, probeIntervalMs } = this.timings;
    return Math.min(probeRetryMs * 2 ** Math.min(Math.max(failures - 1, 0), 20), probeIntervalMs);
  }

  /**
   * What a real call found. A success is written only when it changes something (the
   * provider was unreachable or had failures counted), so healthy traffic costs no writes.
   */
  async reportCall(provider: Provider, verdict: CallVerdict | { kind: 'ok' }): Promise<void> {
    try {
      if (verdict.kind === 'silent') return;
      const now = new Date();
      if (verdict.kind === 'unreachable') {
        const known = (await this.current()).get(provider);
        const retryAt = this.#after(now, this.retryDelayMs((known?.consecutive_failures ?? 0) + 1));
        const turned = await this.repository.recordFailure(
          provider,
          verdict.failure,
          { now: now.toISOString(), retryAt },
          this.timings.failuresBeforeUnreachable,
        );
        if (turned) await this.#changed(provider, 'unreachable');
        else this.invalidate();
        return;
      }
      const known = (await this.current()).get(provider);
      if (!known || (known.state !== 'unreachable' && known.consecutive_failures === 0)) return;
      await this.#recordReached(provider, now);
    } catch (error) {
      // Health is advice for the model list: a failed write must not fail the user's answer.
      this.log.warn({ err: error, provider }, 'recording provider health failed');
    }
  }

  /** What a probe found: it decides at once, either way. */
  async reportProbe(provider: Provider, verdict: CallVerdict | { kind: 'ok' }): Promise<void> {
    const now = new Date();
    if (verdict.kind === 'silent') return;
    if (verdict.kind === 'unreachable') {
      const known = (await this.current()).get(provider);
      const wasUnreachable = known?.state === 'unreachable';
      const retryAt = this.#after(now, this.retryDelayMs((known?.consecutive_failures ?? 0) + 1));
      await this.repository.recordProbeFailure(provider, verdict.failure, {
        now: now.toISOString(),
        retryAt,
      });
      if (!wasUnreachable) await this.#changed(provider, 'unreachable');
      else this.invalidate();
      return;
    }
    await this.#recordReached(provider, now);
  }

  async #recordReached(provider: Provider, now: Date): Promise<void> {
    const recovered = await this.repository.recordSuccess(provider, {
      now: now.toISOString(),
      nextProbeAt: this.#after(now, this.timings.probeIntervalMs),
    });
    if (recovered) await this.#changed(provider, 'reachable');
    else this.invalidate();
  }

  async #changed(provider: Provider, state: 'reachable' | 'unreachable'): Promise<void> {
    this.log.info({ provider, state }, 'provider health changed');
    this.invalidate();
    await this.onChange();
  }

  #after(now: Date, ms: number): string {
    return new Date(now.getTime() + ms).toISOString();
  }
}
