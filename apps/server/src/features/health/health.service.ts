import type { DbDialect } from '../../db/dialect';
import type { HealthRepository } from './health.repository';
import type { HealthResponse } from '@parallax/contract';

const PING_TIMEOUT_MS = 3_000;

export interface HealthServiceOptions {
  dialect: DbDialect;
  version: string;
  /** When the process started (ms since epoch). */
  startedAt: number;
}

export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    private readonly options: HealthServiceOptions,
  ) {}

  async check(): Promise<HealthResponse> {
    const started = performance.now();
    const up = await this.pingWithTimeout();
    const latency = Math.round((performance.now() - started) * 100) / 100;
    return {
      status: up ? 'ok' : 'degraded',
      database: {
        dialect: this.options.dialect,
        status: up ? 'ok' : 'error',
        latency_ms: up ? latency : null,
      },
      version: this.options.version,
      uptime_seconds: Math.floor((Date.now() - this.options.startedAt) / 1000),
    };
  }

  // A load balancer polls this: it must answer "down" quickly, not hang with the database.
  private async pingWithTimeout(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.repository.ping().then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
