import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import {
  createApiTestApp,
  createKey,
  eventually,
  signUp,
  startUpstreams,
  type ApiTestApp,
  type KeyOwner,
  type Upstreams,
} from './public-api.test-support';

/** The public API's refusals over plain HTTP: keys, bodies, limits and owners. */
let upstreams: Upstreams;
let t: ApiTestApp;
let alice: KeyOwner;
let aliceKey: string;

const DAILY = 4;

beforeAll(async () => {
  upstreams = await startUpstreams();
  t = await createApiTestApp(upstreams, { env: { FREE_DAILY_LIMIT: String(DAILY) } });
  alice = await signUp(t.app);
  aliceKey = (await createKey(t.app, alice)).secret;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await upstreams?.close();
});

interface OpenAiErrorReply {
  status: number;
  error: { message: string; type: string; param: string | null; code: string | null };
  headers: Headers;
}

async function call(
  key: string | undefined,
  body: unknown,
  init: { contentType?: string; raw?: string } = {},
): Promise<OpenAiErrorReply & { json: unknown }> {
  const res = await fetch(`${t.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': init.contentType ?? 'application/json',
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    body: init.raw ?? JSON.stringify(body),
  });
  const json = (await res.json()) as { error: OpenAiErrorReply['error'] };
  return { status: res.status, error: json.error, headers: res.headers, json };
}

const ask = (content: unknown = 'hi', extra: object = {}) => ({
  model: 'gpt-5-mini',
  messages: [{ role: 'user', content }],
  ...extra,
});

describe('keys', () => {
  it('401 in OpenAI’s shape for a missing, malformed, unknown, revoked or expired key', async () => {
    expect((await call(undefined, ask())).error.code).toBe('missing_api_key');
    const malformed = await call('plx_short', ask());
    expect(malformed.status).toBe(401);
    expect(malformed.error).toMatchObject({
      type: 'authentication_error',
      code: 'invalid_api_key',
      param: null,
    });
    expect((await call(`plx_${'A'.repeat(43)}`, ask())).error.code).toBe('invalid_api_key');

    const { key, secret } = await createKey(t.app, alice, { name: 'to revoke' });
    expect((await call(secret, ask())).status).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${key.id}/revoke`,
      headers: bearer(alice.accessToken),
    });
    expect((await call(secret, ask())).error.code).toBe('api_key_revoked');

    const expiring = await createKey(t.app, alice, { name: 'expiring', expires_in_days: 30 });
    await t.app.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.key.id)
      .execute();
    expect((await call(expiring.secret, ask())).error.code).toBe('api_key_expired');
  });

  it('does not take a session token as an API key, nor an API key as a session', async () => {
    expect((await call(alice.accessToken, ask())).status).toBe(401);
    const web = await t.app.inject({
      method: 'GET',
      url: '/api/v1/api-keys',
      headers: bearer(aliceKey),
    });
    expect(web.statusCode).toBe(401);
  });
});

describe('bodies', () => {
  it('400 naming the field for empty messages, unknown roles and content of the wrong type', async () => {
    const empty = await call(aliceKey, { model: 'gpt-5-mini', messages: [] });
    expect(empty).toMatchObject({
      status: 400,
      error: { type: 'invalid_request_error', param: 'messages' },
    });
    expect(
      (await call(aliceKey, { model: 'gpt-5-mini', messages: [{ role: 'wizard', content: 'hi' }] }))
        .error.param,
    ).toBe('messages[0].role');
    expect((await call(aliceKey, ask(42))).error.param).toBe('messages[0].content');
    expect(
      (await call(aliceKey, ask([{ type: 'image_url', image_url: { url: 'x' } }]))).status,
    ).toBe(400);
    expect(
      (await call(aliceKey, { messages: [{ role: 'user', content: 'hi' }] })).error.param,
    ).toBe('model');
    const onlySystem = await call(aliceKey, {
      model: 'gpt-5-mini',
      messages: [{ role: 'system', content: 'hi' }],
    });
    expect(onlySystem.error.param).toBe('messages');
    expect((await call(aliceKey, ask('hi', { temperature: 'hot' }))).error.param).toBe(
      'temperature',
    );
  });

  it('ignores unknown parameters, as OpenAI does', async () => {
    const res = await call(aliceKey, ask('hi', { frobnicate: true, seed: 7, logit_bias: {} }));
    expect(res.status).toBe(200);
  });

  it('400 for invalid JSON or a body that is not JSON, 413 for a 2 MB body', async () => {
    expect((await call(aliceKey, null, { raw: '{"model":' })).status).toBe(400);
    const big = await call(aliceKey, ask('x'.repeat(2 * 1024 * 1024)));
    expect(big.status).toBe(413);
    expect(big.error.type).toBe('invalid_request_error');
    expect((await call(aliceKey, null, { raw: 'model=x', contentType: 'text/plain' })).status).toBe(
      400,
    );
  });

  it('answers unknown /v1 paths with OpenAI’s 404', async () => {
    const res = await fetch(`${t.baseUrl}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aliceKey}` },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as OpenAiErrorReply).error.type).toBe('invalid_request_error');
  });
});

describe('owners', () => {
  it('a key of one user never reads or spends anything of another', async () => {
    const bob = await signUp(t.app);
    const bobKey = await createKey(t.app, bob, { name: 'bob' });
    const before = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/chat/remaining-messages',
        headers: bearer(bob.accessToken),
      })
    ).json<{ remaining_messages: number }>();
    const res = await call(aliceKey, ask());
    expect(res.status).toBe(200);
    const after = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/chat/remaining-messages',
        headers: bearer(bob.accessToken),
      })
    ).json<{ remaining_messages: number }>();
    expect(after.remaining_messages).toBe(before.remaining_messages);
    const bobCalls = await t.app.db
      .selectFrom('api_calls')
      .select('id')
      .where('key_id', '=', bobKey.key.id)
      .execute();
    expect(bobCalls).toEqual([]);
    // Alice's key cannot touch Bob's keys through the web routes either.
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${bobKey.key.id}/revoke`,
      headers: bearer(aliceKey),
    });
    expect(revoke.statusCode).toBe(401);
  });
});

describe('the daily message limit', () => {
  it('is shared with the web: the web’s sends and the API’s calls spend one allowance', async () => {
    const carol = await signUp(t.app);
    const key = (await createKey(t.app, carol)).secret;
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: bearer(carol.accessToken),
      payload: {
        message: 'hello',
        message_id: crypto.randomUUID(),
        provider: 'openai',
        model: 'gpt-5-mini',
      },
    });
    expect(web.statusCode).toBe(200);
    for (let i = 1; i < DAILY; i += 1) expect((await call(key, ask())).status).toBe(200);
    const refused = await call(key, ask());
    expect(refused.status).toBe(429);
    expect(refused.error.code).toBe('daily_limit_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit-requests-day')).toBe(String(DAILY));
    const remaining = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/remaining-messages',
      headers: bearer(carol.accessToken),
    });
    expect(remaining.json<{ remaining_messages: number }>().remaining_messages).toBe(0);
  });

  it('gives the message back when the upstream failed before answering', async () => {
    const dave = await signUp(t.app);
    const key = (await createKey(t.app, dave)).secret;
    expect((await call(key, ask('hi [sim fault=500]'))).status).toBe(503);
    const remaining = await eventually(
      async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/chat/remaining-messages',
            headers: bearer(dave.accessToken),
          })
        ).json<{ remaining_messages: number }>().remaining_messages,
      (n) => n === DAILY,
    );
    expect(remaining).toBe(DAILY);
  });
});

describe('a stream the caller abandons', () => {
  it('aborts the upstream, records the partial usage, and charges once', async () => {
    const erin = await signUp(t.app);
    const created = await createKey(t.app, erin);
    // node:http, one socket: undici's fetch opens a spare connection that would outlive the test.
    const body = JSON.stringify({
      model: 'claude-haiku-4-5',
      stream: true,
      messages: [{ role: 'user', content: 'Tell a long story [sim tps=40 tokens=400]' }],
    });
    const req = http.request(`${t.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.secret}` },
    });
    req.end(body);
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    let seen = '';
    for await (const chunk of res) {
      seen += String(chunk);
      if (seen.split('"content":').length >= 4) break;
    }
    req.destroy();
    const upstream = await upstreams.sim.waitForRequest(
      (r) => r.provider === 'anthropic' && r.outcome === 'client_closed',
      5_000,
    );
    expect(upstream.tokensSent).toBeLessThan(400);
    const rows = await eventually(
      () =>
        t.app.db.selectFrom('api_calls').selectAll().where('key_id', '=', created.key.id).execute(),
      (r) => r.length === 1,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'client_closed', stream: 1 });
    expect(rows[0]?.output_tokens).toBeGreaterThan(0);
    expect(rows[0]?.input_tokens).toBeGreaterThan(0);
    const used = await t.app.db
      .selectFrom('daily_usage')
      .select('used')
      .where('subject', '=', `user:${erin.userId}`)
      .executeTakeFirst();
    expect(Number(used?.used)).toBe(1);
  });
});

describe('a whole answer (stream: false)', () => {
  it('is asked of an OpenAI-format upstream as a whole answer, and its failures keep their statuses', async () => {
    const fran = await signUp(t.app);
    const key = (await createKey(t.app, fran)).secret;
    upstreams.sim.clearRequests();
    const done = await call(key, ask('hi'));
    expect(done.status).toBe(200);
    expect(upstreams.sim.requests.at(-1)).toMatchObject({ provider: 'openai', stream: false });
    expect((await call(key, ask('hi [sim fault=503]'))).status).toBe(503);
    expect((await call(key, ask('hi [sim fault=auth]'))).status).toBe(502);
    expect((await call(key, ask('hi [sim fault=context_length]'))).status).toBe(400);
  });

  it('aborts the upstream when the caller hangs up, records the call, and charges once', async () => {
    const gail = await signUp(t.app);
    const created = await createKey(t.app, gail);
    upstreams.sim.clearRequests();
    const req = http.request(`${t.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.secret}` },
    });
    req.on('error', () => undefined);
    req.end(JSON.stringify(ask('Write a long essay [sim tps=20 tokens=2000]')));
    await upstreams.sim.waitForRequest((r) => r.provider === 'openai' && r.stream === false);
    req.destroy();
    const upstream = await upstreams.sim.waitForRequest(
      (r) => r.provider === 'openai' && r.outcome === 'client_closed',
      5_000,
    );
    expect(upstream.stream).toBe(false);
    const rows = await eventually(
      () =>
        t.app.db.selectFrom('api_calls').selectAll().where('key_id', '=', created.key.id).execute(),
      (r) => r.length === 1,
    );
    expect(rows[0]).toMatchObject({ outcome: 'client_closed', stream: 0, status: 499 });
    const used = await t.app.db
      .selectFrom('daily_usage')
      .select('used')
      .where('subject', '=', `user:${gail.userId}`)
      .executeTakeFirst();
    expect(Number(used?.used)).toBe(1);
  });
});
