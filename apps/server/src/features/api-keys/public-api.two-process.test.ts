import OpenAI, { type APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import {
  createApiTestAppPair,
  createKey,
  sdk,
  signUp,
  startUpstreams,
  type Upstreams,
} from './public-api.test-support';

/**
 * Two app instances on one database (and Redis when the suite has REDIS_URL), as two processes
 * behind a load balancer: a key revoked in one is refused by the other at once, and the daily
 * allowance is one count across both.
 */
let upstreams: Upstreams;
let pair: Awaited<ReturnType<typeof createApiTestAppPair>>;

const DAILY = 3;

beforeAll(async () => {
  upstreams = await startUpstreams();
  pair = await createApiTestAppPair(upstreams, { env: { FREE_DAILY_LIMIT: String(DAILY) } });
}, 60_000);
afterAll(async () => {
  await pair?.close();
  await upstreams?.close();
});

const ask = (client: OpenAI) =>
  client.chat.completions.create({
    model: 'grok-3-mini',
    messages: [{ role: 'user', content: 'hi' }],
  });

describe('the public API on two processes', () => {
  it('refuses a key in process B right after process A revoked it', async () => {
    const owner = await signUp(pair.a);
    const { key, secret } = await createKey(pair.a, owner);
    const onB = sdk(pair.urlB, secret);
    expect((await ask(onB)).choices[0]?.message.content).toBeTruthy();
    const revoked = await pair.a.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${key.id}/revoke`,
      headers: bearer(owner.accessToken),
    });
    expect(revoked.statusCode).toBe(200);
    const error = await ask(onB).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as APIError).code).toBe('api_key_revoked');
  });

  it('spends one daily allowance across both processes and the web', async () => {
    const owner = await signUp(pair.b);
    const { secret } = await createKey(pair.b, owner);
    await ask(sdk(pair.urlA, secret));
    await ask(sdk(pair.urlB, secret));
    const web = await pair.a.inject({
      method: 'GET',
      url: '/api/v1/chat/remaining-messages',
      headers: bearer(owner.accessToken),
    });
    expect(web.json<{ remaining_messages: number }>().remaining_messages).toBe(DAILY - 2);
    await ask(sdk(pair.urlA, secret));
    const error = await ask(sdk(pair.urlB, secret)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as APIError).code).toBe('daily_limit_exceeded');
  });

  it('holds a key’s per-minute limit across both processes', async () => {
    const owner = await signUp(pair.a);
    const { secret } = await createKey(pair.a, owner, { name: 'rpm', requests_per_minute: 1 });
    const first = await ask(sdk(pair.urlA, secret)).then(
      () => 'ok',
      (e: unknown) => e,
    );
    const second = await ask(sdk(pair.urlB, secret)).then(
      () => 'ok',
      (e: unknown) => e,
    );
    // The two may straddle a minute boundary; then both are allowed.
    if (second !== 'ok') expect(second).toBeInstanceOf(OpenAI.RateLimitError);
    expect(first).toBe('ok');
  });
});
