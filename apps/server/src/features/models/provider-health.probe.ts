import { PROVIDERS, type Provider, type ProviderHealth } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../infra/errors';
import { PeriodicJob } from '../../infra/periodic-job';
import { effectiveReadiness } from './effective-providers';
import type { ProvidersSource } from './models.service';
import { CONNECTION_TEST_TIMEOUT_MS, type ConnectionTestOutcome } from './provider-connection-test';
import type { ProviderHealthRepository } from './provider-health.repository';
import { healthOf, type ProviderHealthService } from './provider-health.service';

/** A claimed probe is this process's for this long; one that died mid-probe frees it after. */
const PROBE_LEASE_MS = CONNECTION_TEST_TIMEOUT_MS + 5_000;

/**
 * The periodic probe: every configured, enabled provider is tested when due (reachable ones
 * every interval, unreachable ones with back-off), by one process at a time (the claim in
 * provider_health.next_probe_at). Providers without a key are never probed.
 */
export class ProviderHealthProbe {
  readonly #job: PeriodicJob;

  constructor(
    private readonly health: ProviderHealthService,
    private readonly repository: ProviderHealthRepository,
    private readonly providers: ProvidersSource,
    private readonly runTest: (provider: Provider) => Promise<ConnectionTestOutcome>,
    private readonly log: FastifyBaseLogger,
  ) {
    // Ticks at the retry pace: a due probe never waits much longer than its back-off says.
    this.#job = new PeriodicJob(
      'provider health probe',
      health.timings.probeRetryMs,
      () => this.probeDue(),
      log,
    );
  }

  start(): void {
    this.#job.start();
  }

  close(): Promise<void> {
    return this.#job.close();
  }

  /** One round: probes each configured provider whose probe is due and this process claimed. */
  async probeDue(): Promise<void> {
    const effective = await this.providers.current();
    const rows = new Map((await this.repository.listAll()).map((row) => [row.provider, row]));
    const now = new Date();
    for (const provider of PROVIDERS) {
      if (!effectiveReadiness(provider, effective).configured) continue;
      const due = rows.get(provider)?.next_probe_at;
      if (due && due > now.toISOString()) continue;
      const leaseUntil = new Date(now.getTime() + PROBE_LEASE_MS).toISOString();
      if (!(await this.repository.claimProbe(provider, now.toISOString(), leaseUntil))) continue;
      await this.#probe(provider);
    }
  }

  /** "Check now" in the console: probes at once, whatever the schedule, and says what it found. */
  async checkNow(provider: Provider): Promise<ProviderHealth> {
    const effective = await this.providers.current();
    const readiness = effectiveReadiness(provider, effective);
    if (!readiness.configured)
      throw new AppError(
        'conflict',
        `provider: ${readiness.unavailableReason ?? 'not configured'}; nothing to check.`,
      );
    await this.#probe(provider);
    this.health.invalidate();
    return healthOf(await this.health.current(), provider);
  }

  /** The connection test, its verdict recorded (the console's own test records it too). */
  async probe(provider: Provider): Promise<ConnectionTestOutcome> {
    const outcome = await this.runTest(provider);
    await this.health.reportProbe(provider, outcome.verdict);
    return outcome;
  }

  async #probe(provider: Provider): Promise<void> {
    try {
      await this.probe(provider);
    } catch (error) {
      this.log.warn({ err: error, provider }, 'provider health probe failed');
    }
  }
}
