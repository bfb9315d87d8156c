// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '../../test/http-test-server';
import { ApiError } from '../errors/api-error';
import { createHttpClient } from './create-http-client';
import { createHttpHooks } from './http-hooks';
import { withRetry } from './retry';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function api() {
  const hooks = createHttpHooks({ getCsrfToken: () => null, getVisitorId: () => 'visitor_test' });
  return createHttpClient({ baseURL: server.origin, hooks });
}

function failingThen(failures: number, status: number) {
  let calls = 0;
  server.setHandler((_req, res) => {
    calls += 1;
    if (calls <= failures) sendJson(res, status, {});
    else sendJson(res, 200, { attempt: calls });
  });
}

describe('withRetry', () => {
  it('retries a server error with 1 s, 2 s backoff and then succeeds', async () => {
    failingThen(2, 503);
    const delays: number[] = [];
    const res = await withRetry(() => api().get('/x'), {
      sleep: async (ms) => void delays.push(ms),
    });
    expect(res.data).toEqual({ attempt: 3 });
    expect(delays).toEqual([1000, 2000]);
  });

  it('gives up after at most 3 retries for 429', async () => {
    failingThen(10, 429);
    const delays: number[] = [];
    await expect(
      withRetry(() => api().get('/x'), { sleep: async (ms) => void delays.push(ms) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('does not retry non-retryable statuses', async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      failingThen(10, status);
      const delays: number[] = [];
      await expect(
        withRetry(() => api().get('/x'), { sleep: async (ms) => void delays.push(ms) }),
      ).rejects.toMatchObject({ status });
      expect(delays, String(status)).toEqual([]);
    }
  });

  it('retries timeouts at most twice', async () => {
    const delays: number[] = [];
    let calls = 0;
    const task = () => {
      calls += 1;
      return Promise.reject(new ApiError({ kind: 'timeout', message: 't' }));
    };
    await expect(
      withRetry(task, { sleep: async (ms) => void delays.push(ms) }),
    ).rejects.toMatchObject({ kind: 'timeout' });
    expect(calls).toBe(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('does not retry unknown errors (not a retryable type)', async () => {
    let calls = 0;
    await expect(
      withRetry(
        () => {
          calls += 1;
          return Promise.reject(new Error('boom'));
        },
        { sleep: async () => undefined },
      ),
    ).rejects.toThrow('boom');
    expect(calls).toBe(1);
  });
});
