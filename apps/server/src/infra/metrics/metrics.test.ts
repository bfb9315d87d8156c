import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer } from '../../../test/auth';
import {
  TestSocket,
  createChatTestApp,
  newVisitorId,
  postJson,
  sendAndFollow,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import { METRICS_PATH } from './metrics.plugin';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not exist (404), token or not', async () => {
    expect((await t.app.inject({ method: 'GET', url: METRICS_PATH })).statusCode).toBe(404);
    const withToken = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: bearer(TOKEN),
    });
    expect(withToken.statusCode).toBe(404);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers 401 without the token or with a wrong one, leaking nothing', async () => {
    for (const headers of [{}, bearer('wrong'), bearer(`${TOKEN}x`), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('parallax_');
    }
  });

  it('serves the Prometheus text with every metric, requests labelled by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    await t.app.inject({ method: 'GET', url: '/api/v1/chat/conversations/c_123456' });

    const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    for (const name of [
      'parallax_http_requests_total',
      'parallax_http_request_duration_seconds_bucket',
      'parallax_websocket_connections',
      'parallax_streams_running',
      'parallax_tokens_streamed_total',
      'parallax_upstream_errors_total',
      'parallax_send_duration_seconds_bucket',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(name);
    expect(text).toMatch(
      /parallax_http_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} 1/,
    );
    // The pattern, never the id the caller sent.
    expect(text).toContain('route="/api/v1/chat/conversations/:id"');
    expect(text).not.toContain('c_123456');
  });

  it('rejects a token shorter than 16 bytes at boot', async () => {
    await expect(createTestApp({ env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(
      /METRICS_TOKEN/,
    );
  });
});

describe('/metrics on the chat path', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () =>
    (await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) })).body;

  it('counts streamed tokens, send durations, open sockets and upstream errors by class', async () => {
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    try {
      expect(await scrape()).toContain('parallax_websocket_connections 1');
      const { tokens } = await sendAndFollow(
        socket,
        t.baseUrl,
        visitorHeaders(visitor, connectionId),
        'Hello',
      );
      expect(tokens.length).toBeGreaterThan(0);
      const failed = await postJson(
        t.baseUrl,
        '/api/v1/chat/messages',
        visitorHeaders(visitor, connectionId),
        sendBody('fails [sim fault=503]'),
      );
      const failedId = (failed.json as { id: string }).id;
      await socket.waitFor(
        (f) => f.type === 'ai_status' && f.status === 'error' && f.message_id === failedId,
      );
      await t.app.chat.generations.whenIdle(5_000);

      const text = await scrape();
      const streamed = /parallax_tokens_streamed_total\{provider="openai"\} (\d+)/.exec(text);
      // provider-sim answers 20 tokens and reports them in its usage.
      expect(Number(streamed?.[1])).toBe(20);
      expect(text).toContain('parallax_send_duration_seconds_count 2');
      expect(text).toMatch(/parallax_upstream_errors_total\{provider="openai",class="[a-z_]+"\} 1/);
      expect(text).toContain('parallax_streams_running 0');
      expect(text).toContain('route="/api/v1/chat/messages"');
    } finally {
      socket.close();
    }
  });
});
