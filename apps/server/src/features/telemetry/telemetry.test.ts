import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  LOG_BATCH_MAX,
  TELEMETRY_BATCH_MAX,
  type LogEntry,
  type TelemetryEvent,
} from '@parallax/contract';
import { createTestApp, type TestApp } from '../../../test/app';

const logEntry = (overrides: Partial<LogEntry> = {}): LogEntry => ({
  id: 'err_1',
  error: {
    type: 'SERVER_ERROR',
    severity: 'HIGH',
    message: 'Request failed with status code 500',
    user_message: 'Server error. Please try again later.',
    retryable: true,
    context: { status: 500 },
  },
  user_agent: 'Mozilla/5.0',
  url: 'http://localhost:3000/chats/abc',
  user_id: null,
  session_id: 'sess_1',
  timestamp: '2025-03-01T11:00:00.000+01:00',
  breadcrumbs: [
    { timestamp: '2025-03-01T09:59:58.000Z', category: 'navigation', message: '/chats/abc' },
  ],
  performance: { long_task_ms: 120 },
  stack_trace: 'Error: Request failed\n    at settle (axios.js:10:5)',
  ...overrides,
});

const event = (overrides: Partial<TelemetryEvent> = {}): TelemetryEvent => ({
  event_type: 'page_view',
  properties: { path: '/compare' },
  timestamp: new Date().toISOString(),
  session_id: 'sess_1',
  user_id: null,
  ...overrides,
});

describe('POST /api/v1/logging/errors and /logging/telemetry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a batch of error reports and answers 202 with the count', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logging/errors',
      payload: {
        errors: [logEntry(), logEntry({ id: 'err_2', stack_trace: null, performance: undefined })],
      },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });

    const rows = await t.app.db
      .selectFrom('client_error_logs')
      .selectAll()
      .orderBy('client_id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      client_id: 'err_1',
      error_type: 'SERVER_ERROR',
      severity: 'HIGH',
      message: 'Request failed with status code 500',
      url: 'http://localhost:3000/chats/abc',
      session_id: 'sess_1',
      user_id: null,
      // Stored in UTC whatever offset the browser used, so timestamps sort as time.
      occurred_at: '2025-03-01T10:00:00.000Z',
      request_id: res.headers['x-request-id'],
    });
    expect(JSON.parse(rows[0]?.breadcrumbs ?? '')).toHaveLength(1);
    expect(JSON.parse(rows[0]?.performance ?? '')).toEqual({ long_task_ms: 120 });
    expect(JSON.parse(rows[0]?.details ?? '')).toEqual({
      user_message: 'Server error. Please try again later.',
      retryable: true,
      context: { status: 500 },
    });
    expect(rows[1]).toMatchObject({ client_id: 'err_2', stack_trace: null, performance: '{}' });
  });

  it('accepts navigator.sendBeacon bodies (text/plain holding JSON)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logging/telemetry',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({
        events: [event({ event_type: 'page_unload', session_id: 'beacon' })],
      }),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1 });
    const row = await t.app.db
      .selectFrom('telemetry_events')
      .selectAll()
      .where('session_id', '=', 'beacon')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ event_type: 'page_unload', user_id: null });
    expect(JSON.parse(row.properties)).toEqual({ path: '/compare' });
  });

  it('answers 400 invalid_json to a beacon that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logging/errors',
      headers: { 'content-type': 'text/plain' },
      payload: 'errors=oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_json' });
  });

  it('refuses oversized batches and too many breadcrumbs, naming the field', async () => {
    const tooManyEvents = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logging/telemetry',
      payload: { events: Array.from({ length: TELEMETRY_BATCH_MAX + 1 }, () => event()) },
    });
    expect(tooManyEvents.statusCode).toBe(422);
    expect(tooManyEvents.json().detail).toContain('body.events');

    const tooManyErrors = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logging/errors',
      payload: { errors: Array.from({ length: LOG_BATCH_MAX + 1 }, () => logEntry()) },
    });
    expect(tooManyErrors.statusCode).toBe(422);

    const crumb = { timestamp: new Date().toISOString(), category: 'ui', message: 'click' };
    const crumbs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logging/errors',
      payload: {
        errors: [
          logEntry({ breadcrumbs: Array.from({ length: LIMITS.breadcrumbCap + 1 }, () => crumb) }),
        ],
      },
    });
    expect(crumbs.statusCode).toBe(422);
    expect(crumbs.json().detail).toContain('body.errors.0.breadcrumbs');
  });

  it('refuses a body without its list, naming the field, and stores nothing', async () => {
    const before = await t.app.db.selectFrom('client_error_logs').select('id').execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/logging/errors', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'validation_error',
      detail: expect.stringContaining('body.errors'),
    });
    expect(await t.app.db.selectFrom('client_error_logs').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});
