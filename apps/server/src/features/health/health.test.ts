import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isPostgresRun } from '../../../test/database';
import { HealthResponse } from '@parallax/contract';

describe('GET /api/v1/health', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('reports the database (and Redis when set) up, with its dialect, the version and uptime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = HealthResponse.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('ok');
    expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(body.database.dialect).toBe(isPostgresRun() ? 'postgres' : 'sqlite');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(body.draining).toBe(false);
    // Redis down and back is in test/rolling-restart.test.ts (it restarts a Redis of its own).
    if (t.app.bus.driver === 'redis')
      expect(body.redis).toEqual({ status: 'ok', latency_ms: expect.any(Number) as number });
    else expect(body.redis).toBeUndefined();
  });

  it('answers 503 with the database down when it cannot be reached', async () => {
    await t.app.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    const body = HealthResponse.parse(res.json());
    expect(body.status).toBe('degraded');
    expect(body.database.status).toBe('error');
    expect(body.database.latency_ms).toBeNull();
  });

  it('is never rate limited (load balancers poll it)', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 320; i++)
      statuses.add((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode);
    expect([...statuses]).toEqual([200]);
  });
});
