import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { redactUrl } from './logger';

describe('request logs', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('carry the request id and no credentials', async () => {
    const visitor = 'visitor_0123456789abcdef0123456789abcdef';
    const res = await t.app.inject({
      method: 'GET',
      url: `/ws/conn1?user_id=${visitor}`,
      headers: {
        authorization: 'Bearer secret-token',
        'x-visitor-id': visitor,
        cookie: 'parallax_csrf=abc',
      },
    });
    const requestId = res.headers['x-request-id'];
    const mine = lines.filter((l) => l.reqId === requestId);
    expect(mine.length).toBeGreaterThan(0);
    const text = JSON.stringify(mine);
    expect(text).not.toContain(visitor);
    expect(text).not.toContain('secret-token');
    expect(text).toContain('user_id=%5BRedacted%5D');
  });
});

describe('redactUrl', () => {
  it('hides credential query values and keeps the rest', () => {
    expect(redactUrl('/ws/c1?user_id=visitor_x&foo=1')).toBe('/ws/c1?user_id=%5BRedacted%5D&foo=1');
    expect(redactUrl('/api/v1/auth/oauth/google/exchange?code=abc&state=def')).not.toMatch(
      /abc|def/,
    );
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });
});
