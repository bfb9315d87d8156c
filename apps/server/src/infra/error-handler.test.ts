import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_STATUS, ErrorBody } from '@parallax/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { LOGGING_REQUESTS_PER_MINUTE } from './rate-limit';
import { classifyError } from './error-handler';
import { AppError } from './errors';

const VALID_EVENT = {
  event_type: 'x',
  properties: {},
  timestamp: '2025-01-01T00:00:00.000Z',
  session_id: 's',
  user_id: null,
};

describe('error responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('answers an unknown /api or /ws path with a 404 JSON body carrying the request id', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/v1/nope?x=1'],
      ['DELETE', '/api/v1/health'],
      ['GET', '/ws/abc'],
      ['POST', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      const body = ErrorBody.parse(res.json());
      expect(body.error).toBe('not_found');
      expect(body.request_id).toBe(res.headers['x-request-id']);
    }
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    for (const payload of ['{"errors": [', 'not json', '']) {
      const res = await post('/api/v1/logging/errors', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_json' });
    }
  });

  it('answers a schema violation with 422 naming the field', async () => {
    const res = await post(
      '/api/v1/logging/telemetry',
      JSON.stringify({
        events: [
          {
            event_type: 42,
            properties: {},
            timestamp: 'yesterday',
            session_id: 's',
            user_id: null,
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    const body = ErrorBody.parse(res.json());
    expect(body.error).toBe('validation_error');
    expect(body.detail).toContain('body.events.0.event_type');
    expect(body.detail).toContain('body.events.0.timestamp');
  });

  it('answers 413 to a body over the limit and 415 to a content type nobody parses', async () => {
    const huge = await post(
      '/api/v1/logging/errors',
      JSON.stringify({ errors: [{ stack_trace: 'x'.repeat(1_100_000) }] }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: 'payload_too_large' });

    const xml = await post('/api/v1/logging/errors', '<errors/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('never crashes or answers 5xx on arbitrary input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.json()),
        fc.constantFrom('/api/v1/logging/errors', '/api/v1/logging/telemetry'),
        async (payload, url) => {
          const res = await post(url, payload);
          expect(res.statusCode).toBeGreaterThanOrEqual(200);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) ErrorBody.parse(res.json());
        },
      ),
      { numRuns: 40 },
    );
  });

  it('hides the cause of a 500: generic detail, no message, no stack', async () => {
    await sql`drop table telemetry_events`.execute(t.app.db);
    const res = await post('/api/v1/logging/telemetry', JSON.stringify({ events: [VALID_EVENT] }));
    expect(res.statusCode).toBe(500);
    const body = ErrorBody.parse(res.json());
    expect(body.error).toBe('internal_error');
    expect(res.body).not.toMatch(/telemetry_events|no such table|does not exist|at \w+ \(|\.ts:/i);
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 429 rate_limited with Retry-After once a route allowance is spent', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/logging/telemetry',
        payload: { events: [VALID_EVENT] },
      });
    for (let i = 0; i < LOGGING_REQUESTS_PER_MINUTE; i++)
      expect((await send()).statusCode).toBe(202);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(ErrorBody.parse(limited.json()).error).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('classifyError', () => {
  it('gives AppError the contract status for its code, or the explicit one', () => {
    expect(classifyError(new AppError('conflict', 'Already there'))).toEqual({
      status: API_ERROR_STATUS.conflict,
      code: 'conflict',
      detail: 'Already there',
    });
    expect(classifyError(new AppError('limit_exceeded', 'Daily limit reached')).status).toBe(429);
    expect(classifyError(new AppError('bad_request', 'Nope', 410)).status).toBe(410);
  });

  it('turns anything unknown into a generic 500', () => {
    const outcome = classifyError(new Error('connect ECONNREFUSED 10.0.0.5:5432'));
    expect(outcome.status).toBe(500);
    expect(outcome.code).toBe('internal_error');
    expect(outcome.detail).not.toContain('ECONNREFUSED');
    expect(classifyError('a string').status).toBe(500);
  });
});
