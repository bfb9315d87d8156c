import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type ClientErrorGroupsResponse,
  type ClientErrorReportResponse,
  type LogEntry,
} from '@parallax/contract';
import { sql } from 'kysely';
import {
  createTestApp,
  createTestAppPair,
  type TestApp,
  type TestAppPair,
} from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { isPostgresRun } from '../../../test/database';
import { LOGGING_REQUESTS_PER_MINUTE } from '../../infra/rate-limit';
import { LOG_PRUNE_LOCK_ID } from './log-retention';
import { LOGGING_BODY_LIMIT_BYTES } from './telemetry.routes';

const DAY_MS = 24 * 60 * 60_000;

const entry = (id: string, overrides: Partial<LogEntry> = {}): LogEntry => ({
  id,
  error: { type: 'RENDER_ERROR', severity: 'HIGH', message: 'Cannot read properties of null' },
  user_agent: 'Mozilla/5.0',
  url: 'http://localhost:3000/chats/abc',
  user_id: null,
  session_id: 'sess_1',
  timestamp: new Date().toISOString(),
  breadcrumbs: [
    { timestamp: new Date().toISOString(), category: 'navigation', message: '/chats/abc' },
    { timestamp: new Date().toISOString(), category: 'ui.click', message: 'button "Send"' },
  ],
  performance: { long_task_ms: 80 },
  stack_trace: 'TypeError: Cannot read properties of null\n    at Panel (panel.tsx:3:1)',
  ...overrides,
});

describe('/admin/errors: browser errors grouped, looked up by Error ID, pruned', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let user: Record<string, string>;

  // Reports are filed under the user the request authenticates as (never the body's user_id).
  let reporters: [SignedInUser, SignedInUser];
  const post = (errors: LogEntry[], ip = '10.0.0.1', reporter?: SignedInUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/logging/errors',
      payload: { errors },
      remoteAddress: ip,
      ...(reporter && { headers: bearer(reporter.accessToken) }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await registerAndSignIn(t.app, { admin: true })).accessToken);
    user = bearer((await registerAndSignIn(t.app)).accessToken);
    reporters = [await registerAndSignIn(t.app), await registerAndSignIn(t.app)];
  });
  afterAll(() => t.close());

  it('answers 401 without an account and 403 with the spec text for a non-admin', async () => {
    for (const url of ['/api/v1/admin/errors', '/api/v1/admin/errors/err_1']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      const denied = await t.app.inject({ method: 'GET', url, headers: user });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ error: 'forbidden', detail: MESSAGES.forbidden });
    }
  });

  it('groups reports by type and message with counts, first/last seen and affected users', async () => {
    const [u1, u2] = reporters;
    expect((await post([entry('err_a1')], '10.0.0.1', u1)).statusCode).toBe(202);
    expect((await post([entry('err_a2')], '10.0.0.1', u2)).statusCode).toBe(202);
    expect((await post([entry('err_a3')], '10.0.0.1', u1)).statusCode).toBe(202);
    const other = entry('err_b1', {
      error: { type: 'NETWORK_ERROR', message: 'Failed to fetch' },
    });
    expect((await post([other])).statusCode).toBe(202);

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/errors', headers: admin });
    expect(res.statusCode).toBe(200);
    const { groups } = res.json<ClientErrorGroupsResponse>();
    expect(groups.map((g) => [g.type, g.count])).toEqual([
      ['NETWORK_ERROR', 1],
      ['RENDER_ERROR', 3],
    ]);
    const render = groups[1];
    expect(render).toMatchObject({
      message: 'Cannot read properties of null',
      affected_users: 2,
      latest_error_id: 'err_a3',
    });
    expect(render && render.first_seen <= render.last_seen).toBe(true);
    expect(groups[0]).toMatchObject({ affected_users: 0, latest_error_id: 'err_b1' });
  });

  it('finds a report by its Error ID with its breadcrumbs and stack; 404 for an unknown id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/errors/err_a2',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const { report } = res.json<ClientErrorReportResponse>();
    expect(report).toMatchObject({
      error_id: 'err_a2',
      type: 'RENDER_ERROR',
      severity: 'HIGH',
      user_id: reporters[1].user.id,
      performance: { long_task_ms: 80 },
    });
    expect(report.stack_trace).toContain('at Panel');
    expect(report.breadcrumbs.map((b) => b.category)).toEqual(['navigation', 'ui.click']);

    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/errors/err_nope',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
  });

  it('prunes reports and events older than the retention period, keeping newer ones', async () => {
    const old = new Date(Date.now() - 31 * DAY_MS).toISOString();
    await t.app.db
      .updateTable('client_error_logs')
      .set({ created_at: old })
      .where('client_id', '=', 'err_a1')
      .execute();
    await t.app.db
      .insertInto('telemetry_events')
      .values({
        id: 'ev_old',
        event_type: 'page_view',
        properties: '{}',
        user_id: null,
        session_id: 's',
        occurred_at: old,
        request_id: 'r',
        created_at: old,
      })
      .execute();

    expect(t.config.logRetentionDays).toBe(30);
    expect(await t.app.logRetention.prune()).toBe(2);

    const left = await t.app.db.selectFrom('client_error_logs').select('client_id').execute();
    expect(left.map((r) => r.client_id).sort()).toEqual(['err_a2', 'err_a3', 'err_b1']);
    const events = await t.app.db.selectFrom('telemetry_events').select('id').execute();
    expect(events.map((e) => e.id)).not.toContain('ev_old');
  });

  it('refuses a body over the size cap with 413', async () => {
    const huge = JSON.stringify({
      errors: [entry('x')],
      pad: 'x'.repeat(LOGGING_BODY_LIMIT_BYTES),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logging/errors',
      headers: { 'content-type': 'application/json' },
      payload: huge,
      remoteAddress: '10.0.0.9',
    });
    expect(res.statusCode).toBe(413);
  });

  it('rate-limits the logging routes per client address with 429', async () => {
    const ip = '10.0.0.77';
    let last = 0;
    for (let i = 0; i <= LOGGING_REQUESTS_PER_MINUTE; i += 1) {
      last = (await post([entry(`err_rl_${i}`)], ip)).statusCode;
      if (i < LOGGING_REQUESTS_PER_MINUTE) expect(last).toBe(202);
    }
    expect(last).toBe(429);
    // Another address keeps its own allowance.
    expect((await post([entry('err_other_ip')], '10.0.0.78')).statusCode).toBe(202);
  });
});

describe.runIf(isPostgresRun())('log retention across processes (PostgreSQL)', () => {
  let pair: TestAppPair;
  beforeAll(async () => {
    pair = await createTestAppPair();
  });
  afterAll(() => pair.close());

  it('skips a round while another process holds the prune', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = pair.a.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOG_PRUNE_LOCK_ID})`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    expect(await pair.b.logRetention.prune()).toBeNull();
    release();
    await holder;
    expect(await pair.b.logRetention.prune()).toBe(0);
  });
});
