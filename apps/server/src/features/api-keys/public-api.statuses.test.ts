import type { Plan } from '@parallax/contract';
import OpenAI, { type APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../config';
import { createTestApp } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createKey,
  listen,
  sdk,
  signUp,
  startUpstreams,
  type ApiTestApp,
  type KeyOwner,
  type Upstreams,
} from './public-api.test-support';

/**
 * The statuses the official SDK acts on: PermissionDeniedError for a plan without the API,
 * RateLimitError (with retry-after when the upstream gave one) for an upstream's 429, and
 * NotFoundError, never retried, for a model whose provider is not configured.
 */
let upstreams: Upstreams;
let t: ApiTestApp;
let owner: KeyOwner;
let secret: string;

const failure = (promise: Promise<unknown>): Promise<APIError | undefined> =>
  promise.then(
    () => undefined,
    (e: unknown) => e as APIError,
  );

beforeAll(async () => {
  upstreams = await startUpstreams();
  // xAI left unconfigured: its models exist in the registry but cannot answer here.
  const env: Env = Object.fromEntries(
    Object.entries(upstreams.env).filter(([name]) => !name.startsWith('XAI_')),
  );
  const app = await createTestApp({ env: { ...env, FREE_DAILY_LIMIT: '1000' } });
  t = { ...app, baseUrl: await listen(app.app) };
  owner = await signUp(t.app);
  secret = (await createKey(t.app, owner)).secret;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await upstreams?.close();
});

describe('a plan without API access', () => {
  it('refuses the model list and a model’s lookup as it refuses completions: 403', async () => {
    const admin = bearer((await registerAndSignIn(t.app, { admin: true })).accessToken);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/plans',
      headers: admin,
      payload: {
        name: 'No API',
        description: 'Web only',
        price: 500,
        interval: 'month',
        daily_message_limit: 100,
        compare_panels: 3,
        features: ['Web only'],
        api_access: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = await signUp(t.app);
    const client = sdk(t.baseUrl, (await createKey(t.app, user)).secret);
    await t.app.db
      .updateTable('users')
      .set({ plan_id: created.json<Plan>().id })
      .where('id', '=', user.userId)
      .execute();

    const refusals = [
      await failure(client.models.list()),
      await failure(client.models.retrieve('gpt-5-mini')),
      await failure(
        client.chat.completions.create({
          model: 'gpt-5-mini',
          messages: [{ role: 'user', content: 'hi' }],
        }),
      ),
    ];
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect(refusal?.code).toBe('plan_without_api_access');
      expect(refusal?.type).toBe('permission_error');
    }
  });
});

describe('an upstream’s 429', () => {
  const ask = (model: string, stream: boolean) =>
    failure(
      sdk(t.baseUrl, secret).chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'hi [sim fault=429]' }],
        stream,
      }),
    );

  it.each([false, true])(
    'is a RateLimitError with the upstream’s retry-after (stream: %s)',
    async (stream) => {
      const error = await ask('gpt-5-mini', stream);
      expect(error).toBeInstanceOf(OpenAI.RateLimitError);
      expect(error?.status).toBe(429);
      expect(error?.type).toBe('rate_limit_error');
      expect(error?.headers?.get('retry-after')).toBe('1');
    },
  );

  it('is a RateLimitError without retry-after when the upstream gave none', async () => {
    const error = await ask('gemini-2.5-flash', false);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error?.headers?.get('retry-after')).toBeNull();
  });
});

describe('a model whose provider is not configured', () => {
  it('is a NotFoundError with model_not_found, and the SDK does not retry it', async () => {
    let requests = 0;
    const client = new OpenAI({
      apiKey: secret,
      baseURL: `${t.baseUrl}/v1`,
      maxRetries: 2,
      fetch: (url, init) => {
        requests += 1;
        return fetch(url, init);
      },
    });
    const error = await failure(
      client.chat.completions.create({
        model: 'grok-3-mini',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error?.code).toBe('model_not_found');
    expect(error?.param).toBe('model');
    expect(requests).toBe(1);

    const lookup = await failure(client.models.retrieve('grok/grok-3-mini'));
    expect(lookup).toBeInstanceOf(OpenAI.NotFoundError);
    expect(lookup?.code).toBe('model_not_found');
    expect(requests).toBe(2);
    const ids = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).not.toContain('grok-3-mini');
  });
});

describe('the model list', () => {
  it('names each model’s real owner: the offline demo models are not OpenAI’s', async () => {
    const owners = new Map<string, string>();
    for await (const m of sdk(t.baseUrl, secret).models.list()) owners.set(m.id, m.owned_by);
    expect(owners.get('gpt-5-mini')).toBe('openai');
    expect(owners.get('claude-haiku-4-5')).toBe('anthropic');
    expect(owners.get('parallax-demo')).toBe('parallax');
    expect(owners.get('parallax-demo-concise')).toBe('parallax');
    const demo = await sdk(t.baseUrl, secret).models.retrieve('parallax-demo');
    expect(demo.owned_by).toBe('parallax');
  });
});
