import type { HealthResponse } from '@parallax/contract';
import type { DbDialect } from '../../db/dialect';
import type { Bus } from '../../infra/bus/bus';
import type { Drain } from '../../infra/drain';
import type { HealthRepository } from './health.repository';

const PING_TIMEOUT_MS = 3_000;

export interface HealthServiceOptions {
  dialect: DbDialect;
  version: string;
  /** When the process started (ms since epoch). */
  startedAt: number;
}

type DependencyState = HealthResponse['redis'] & {};

/** Readiness: the database, Redis when the bus uses it, and whether the process drains. */
export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    private readonly bus: Bus,
    private readonly drain: Drain,
    private readonly options: HealthServiceOptions,
  ) {}

  async check(): Promise<HealthResponse> {
    const [database, redis] = await Promise.all([
      measure(() => this.repository.ping()),
      this.bus.driver === 'redis' ? measure(() => this.bus.ping()) : undefined,
    ]);
    const draining = this.drain.draining;
    const up = database.status === 'ok' && redis?.status !== 'error';
    return {
      status: up && !draining ? 'ok' : 'degraded',
      database: { dialect: this.options.dialect, ...database },
      ...(redis ? { redis } : {}),
      draining,
      version: this.options.version,
      uptime_seconds: Math.floor((Date.now() - this.options.startedAt) / 1000),
    };
  }
}

/** One round trip, timed. A load balancer polls this: "down" must come quickly, not hang. */
async function measure(ping: () => Promise<void>): Promise<DependencyState> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    const up = await Promise.race([ping().then(() => true), timeout]);
    if (!up) return { status: 'error', latency_ms: null };
    return { status: 'ok', latency_ms: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { status: 'error', latency_ms: null };
  } finally {
    clearTimeout(timer);
  }
}
