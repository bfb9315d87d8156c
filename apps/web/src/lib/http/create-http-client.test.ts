// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTERCEPTOR_MESSAGES, STATUS_POLICIES } from '@parallax/contract';
import { sendJson, startTestServer, type TestServer } from '../../test/http-test-server';
import { ApiError } from '../errors/api-error';
import { classifyError } from '../errors/classify-error';
import { createHttpClient } from './create-http-client';
import {
  createHttpHooks,
  type HttpHooks,
  type HttpSession,
  type RefreshedTokens,
} from './http-hooks';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  server.clientErrors = 0;
});

function memorySession(access: string | null, refresh: string | null) {
  const state = { access, refresh, cleared: false };
  const session: HttpSession = {
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh,
    setTokens: (t: RefreshedTokens) => {
      state.access = t.accessToken;
      state.refresh = t.refreshToken;
    },
    endSession: () => {
      state.access = null;
      state.refresh = null;
      state.cleared = true;
    },
  };
  return { state, session };
}

function client(hooks: Partial<HttpHooks> = {}, timeoutMs?: number) {
  const fullHooks = createHttpHooks({
    getVisitorId: () => 'visitor_0123456789abcdef0123456789abcdef',
    getCsrfToken: () => null,
    ...hooks,
  });
  return {
    hooks: fullHooks,
    api: createHttpClient({
      baseURL: `${server.origin}/api/v1`,
      hooks: fullHooks,
      ...(timeoutMs && { timeoutMs }),
    }),
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('request side', () => {
  it('sends bearer, CSRF, visitor id and the JSON body as given; answers come back as sent', async () => {
    const { session } = memorySession('acc-1', 'ref-1');
    const { api } = client({ session, getCsrfToken: () => 'csrf-xyz' });
    server.setHandler((_req, res) =>
      sendJson(res, 200, { remaining_messages: 3, nested_list: [{ created_at: 'now' }] }),
    );
    const res = await api.post(
      '/chat/check-limits',
      { conversation_id: 'c1', provider: 'openai' },
      { params: { excludeComparisons: true } },
    );
    const seen = server.seen[0];
    expect(seen?.url).toBe('/api/v1/chat/check-limits?excludeComparisons=true');
    expect(seen?.headers.authorization).toBe('Bearer acc-1');
    expect(seen?.headers['x-csrf-token']).toBe('csrf-xyz');
    expect(seen?.headers['x-visitor-id']).toBe('visitor_0123456789abcdef0123456789abcdef');
    expect(JSON.parse(seen?.body ?? '')).toEqual({ conversation_id: 'c1', provider: 'openai' });
    expect(res.data).toEqual({ remaining_messages: 3, nested_list: [{ created_at: 'now' }] });
  });

  it('omits the auth and CSRF headers when there is nothing to send', async () => {
    const { api } = client();
    await api.get('/health');
    expect(server.seen[0]?.headers.authorization).toBeUndefined();
    expect(server.seen[0]?.headers['x-csrf-token']).toBeUndefined();
  });
});

describe('response interceptor messages', () => {
  it.each([
    [400, INTERCEPTOR_MESSAGES[400]],
    [404, INTERCEPTOR_MESSAGES[404]],
    [409, INTERCEPTOR_MESSAGES[409]],
    [422, INTERCEPTOR_MESSAGES[422]],
    [429, INTERCEPTOR_MESSAGES[429]],
    [500, INTERCEPTOR_MESSAGES.serverError],
    [503, INTERCEPTOR_MESSAGES.serverError],
    [418, 'Request failed with status 418.'],
  ])('status %i without server text → %s', async (status, message) => {
    const { api } = client();
    server.setHandler((_req, res) => sendJson(res, status, {}));
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('prefers the server detail and carries the error code and request id', async () => {
    const { api } = client();
    server.setHandler((_req, res) =>
      sendJson(res, 403, {
        error: 'verification_required',
        detail: 'Verify your email first',
        request_id: 'req-9',
      }),
    );
    const error = await failure(api.post('/auth/login', { email: 'a@b.co' }));
    expect(error.message).toBe('Verify your email first');
    expect(error.detail).toBe('Verify your email first');
    expect(error.code).toBe('verification_required');
    expect(error.requestId).toBe('req-9');
  });

  it('classifies a timeout', async () => {
    const { api } = client({}, 80);
    server.setHandler((_req, res) => setTimeout(() => sendJson(res, 200, {}), 400));
    const error = await failure(api.get('/slow'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(INTERCEPTOR_MESSAGES.timeout);
    expect(classifyError(error)).toMatchObject({
      type: 'TIMEOUT_ERROR',
      retryable: true,
      maxRetries: 2,
    });
  });

  it('classifies a refused connection as a network error', async () => {
    const closed = await startTestServer();
    const origin = closed.origin;
    await closed.close();
    const hooks = createHttpHooks({ getCsrfToken: () => null, getVisitorId: () => 'visitor_x' });
    const api = createHttpClient({ baseURL: origin, hooks });
    const error = await failure(api.get('/'));
    expect(error.kind).toBe('network');
    expect(classifyError(error)).toMatchObject({
      type: 'NETWORK_ERROR',
      retryable: true,
      maxRetries: 3,
    });
  });
});

describe('401 refresh', () => {
  it('refreshes once and retries the request once with the new token', async () => {
    const { state, session } = memorySession('old', 'r1');
    const refreshHandler = vi.fn(async (token: string) => {
      expect(token).toBe('r1');
      return { accessToken: 'new', refreshToken: 'r2' };
    });
    const { api } = client({ session, refreshHandler });
    server.setHandler((req, res) =>
      req.headers.authorization === 'Bearer new'
        ? sendJson(res, 200, { ok_value: 1 })
        : sendJson(res, 401, { error: 'unauthorized' }),
    );
    const res = await api.get('/users/me');
    expect(res.data).toEqual({ ok_value: 1 });
    expect(refreshHandler).toHaveBeenCalledTimes(1);
    expect(server.seen.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(state).toMatchObject({ access: 'new', refresh: 'r2', cleared: false });
  });

  it('retries only once even if the retried request gets 401 again', async () => {
    const { session } = memorySession('old', 'r1');
    const refreshHandler = vi.fn(async () => ({ accessToken: 'new', refreshToken: 'r2' }));
    const { api } = client({ session, refreshHandler });
    server.setHandler((_req, res) => sendJson(res, 401, { error: 'unauthorized' }));
    const error = await failure(api.get('/users/me'));
    expect(error.status).toBe(401);
    expect(refreshHandler).toHaveBeenCalledTimes(1);
    expect(server.seen).toHaveLength(2);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { session } = memorySession('old', 'r1');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const refreshHandler = vi.fn(async () => {
      await gate;
      return { accessToken: 'new', refreshToken: 'r2' };
    });
    const { api } = client({ session, refreshHandler });
    server.setHandler((req, res) =>
      req.headers.authorization === 'Bearer new'
        ? sendJson(res, 200, { path: req.url })
        : sendJson(res, 401, {}),
    );
    const all = Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await vi.waitFor(() => expect(server.seen.length).toBe(3));
    release();
    const results = await all;
    expect(refreshHandler).toHaveBeenCalledTimes(1);
    expect(results.map((r) => (r.data as { path: string }).path).sort()).toEqual([
      '/api/v1/a',
      '/api/v1/b',
      '/api/v1/c',
    ]);
  });

  it("fails with 'No refresh token available' when there is none", async () => {
    const { state, session } = memorySession('old', null);
    const refreshHandler = vi.fn(async () => ({ accessToken: 'new', refreshToken: 'r2' }));
    const { api } = client({ session, refreshHandler });
    server.setHandler((_req, res) => sendJson(res, 401, {}));
    const error = await failure(api.get('/users/me'));
    expect(error.message).toBe('No refresh token available');
    expect(refreshHandler).not.toHaveBeenCalled();
    expect(state.cleared).toBe(true);
  });

  it('ends the session when the refresh fails', async () => {
    const { state, session } = memorySession('old', 'r1');
    const { api } = client({
      session,
      refreshHandler: () => Promise.reject(new Error('reuse detected')),
    });
    server.setHandler((_req, res) => sendJson(res, 401, { detail: 'Token expired' }));
    const error = await failure(api.get('/users/me'));
    expect(error.status).toBe(401);
    expect(classifyError(error).userMessage).toBe(STATUS_POLICIES[401]?.userMessage);
    expect(state.cleared).toBe(true);
    expect(server.seen).toHaveLength(1);
  });

  it('does not try to refresh for a request sent without a token (e.g. a failed login)', async () => {
    const refreshHandler = vi.fn(async () => ({ accessToken: 'n', refreshToken: 'r' }));
    const { state, session } = memorySession(null, 'r1');
    const { api } = client({ session, refreshHandler });
    server.setHandler((_req, res) =>
      sendJson(res, 401, { error: 'invalid_credentials', detail: 'Wrong email or password' }),
    );
    const error = await failure(api.post('/auth/login', {}));
    expect(error.message).toBe('Wrong email or password');
    expect(refreshHandler).not.toHaveBeenCalled();
    expect(state.cleared).toBe(false);
  });
});

describe('redirects', () => {
  it('never follows a redirect over plain http: it upgrades the target to https', async () => {
    const { api } = client();
    server.setHandler((req, res) => {
      if (req.url === '/api/v1/moved') {
        res.writeHead(302, { location: `${server.origin}/api/v1/target` });
        res.end();
      } else sendJson(res, 200, { reached: true });
    });
    const error = await failure(api.get('/moved'));
    // The follow-up went out as TLS to the same port (this plain server cannot parse it) …
    await vi.waitFor(() => expect(server.clientErrors).toBeGreaterThan(0));
    // … and no plain-http request ever reached the target.
    expect(server.seen.map((r) => r.url)).toEqual(['/api/v1/moved']);
    expect(error.kind).toBe('network');
  });

  it('follows a plain http redirect as given when the HTTPS flag is off', async () => {
    const { api } = client({ httpsOnly: () => false });
    server.setHandler((req, res) => {
      if (req.url === '/api/v1/moved') {
        res.writeHead(302, { location: `${server.origin}/api/v1/target` });
        res.end();
      } else sendJson(res, 200, { reached: true });
    });
    const res = await api.get<{ reached: boolean }>('/moved');
    expect(res.data).toEqual({ reached: true });
    expect(server.seen.map((r) => r.url)).toEqual(['/api/v1/moved', '/api/v1/target']);
    expect(server.clientErrors).toBe(0);
  });

  it('refuses a redirect to another scheme', async () => {
    const { api } = client();
    server.setHandler((_req, res) => {
      res.writeHead(307, { location: 'ftp://example.com/file' });
      res.end();
    });
    const error = await failure(api.get('/moved'));
    expect(error.status).toBe(307);
    expect(server.seen).toHaveLength(1);
  });
});
