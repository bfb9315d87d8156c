import { PROVIDERS } from '@parallax/contract';
import OpenAI, { type APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import {
  createApiTestApp,
  createKey,
  eventually,
  MODEL_OF,
  sdk,
  signUp,
  startUpstreams,
  type ApiTestApp,
  type KeyOwner,
  type Upstreams,
} from './public-api.test-support';

/** The official `openai` SDK against the app's /v1, every provider answered by provider-sim. */
let upstreams: Upstreams;
let t: ApiTestApp;
let owner: KeyOwner;
let client: OpenAI;

beforeAll(async () => {
  upstreams = await startUpstreams();
  t = await createApiTestApp(upstreams, { env: { FREE_DAILY_LIMIT: '1000' } });
  owner = await signUp(t.app);
  client = sdk(t.baseUrl, (await createKey(t.app, owner)).secret);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await upstreams?.close();
});

describe.each(PROVIDERS)('the openai SDK with a %s model', (provider) => {
  const model = MODEL_OF[provider];

  it('gets a whole completion with usage', async () => {
    const completion = await client.chat.completions.create({
      model,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Explain HTTP caching' }] },
      ],
      temperature: 0.2,
      max_completion_tokens: 200,
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe(model);
    expect(completion.choices[0]?.message.content?.length).toBeGreaterThan(10);
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(completion.usage?.completion_tokens).toBeGreaterThan(0);
    expect(completion.usage?.total_tokens).toBe(
      (completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0),
    );
    const upstream = upstreams.sim.requests.findLast((r) => r.provider === provider);
    expect(upstream?.outcome).toBe('completed');
  });

  it('streams chunks, then the usage chunk, and ends', async () => {
    const stream = await client.chat.completions.create({
      model: `${provider}/${model.replace(/^vertex-/, '')}`,
      messages: [{ role: 'user', content: 'Explain HTTP caching' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text.length).toBeGreaterThan(10);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.completion_tokens).toBeGreaterThan(0);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === model)).toBe(
      true,
    );
  });
});

describe('GET /v1/models through the SDK', () => {
  it('lists every available model in OpenAI’s shape, and retrieves one by either name', async () => {
    const ids = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toEqual(expect.arrayContaining([...Object.values(MODEL_OF), 'parallax-demo']));
    const one = await client.models.retrieve('anthropic/claude-haiku-4-5');
    expect(one).toMatchObject({ id: 'claude-haiku-4-5', object: 'model', owned_by: 'anthropic' });
    expect(one.created).toBeGreaterThan(1_600_000_000);
  });

  it('lists only the models a restricted key may use', async () => {
    const restricted = sdk(
      t.baseUrl,
      (await createKey(t.app, owner, { name: 'restricted', allowed_models: ['grok-3-mini'] }))
        .secret,
    );
    const ids = [];
    for await (const m of restricted.models.list()) ids.push(m.id);
    expect(ids).toEqual(['grok-3-mini']);
    await expect(restricted.models.retrieve('gpt-5-mini')).rejects.toBeInstanceOf(
      OpenAI.PermissionDeniedError,
    );
  });
});

describe('the SDK’s typed errors', () => {
  it('AuthenticationError for a made-up key', async () => {
    const error = await sdk(t.baseUrl, 'plx_not-a-real-key')
      .models.list()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as APIError).code).toBe('invalid_api_key');
  });

  it('PermissionDeniedError for a model the key may not use', async () => {
    const restricted = sdk(
      t.baseUrl,
      (await createKey(t.app, owner, { name: 'only grok', allowed_models: ['grok-3-mini'] }))
        .secret,
    );
    const error = await restricted.chat.completions
      .create({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'hi' }] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((error as APIError).param).toBe('model');
  });

  it('NotFoundError for an unknown model', async () => {
    const error = await client.chat.completions
      .create({ model: 'gpt-0', messages: [{ role: 'user', content: 'hi' }] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as APIError).code).toBe('model_not_found');
  });

  it('BadRequestError naming the field, for n > 1 and a tool result that answers no call', async () => {
    const twoChoices = await client.chat.completions
      .create({ model: 'gpt-5-mini', n: 2, messages: [{ role: 'user', content: 'hi' }] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(twoChoices).toBeInstanceOf(OpenAI.BadRequestError);
    expect((twoChoices as APIError).param).toBe('n');
    const tool = await client.chat.completions
      .create({
        model: 'gpt-5-mini',
        messages: [{ role: 'tool', content: 'x', tool_call_id: 'a' }],
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(tool).toBeInstanceOf(OpenAI.BadRequestError);
    expect((tool as APIError).param).toBe('messages[0].tool_call_id');
  });

  it('RateLimitError with retry-after and x-ratelimit headers once the key’s per-minute limit is used', async () => {
    const limited = sdk(
      t.baseUrl,
      (await createKey(t.app, owner, { name: 'slow', requests_per_minute: 2 })).secret,
    );
    const ask = () =>
      limited.chat.completions.create({
        model: 'gpt-5-mini',
        messages: [{ role: 'user', content: 'hi' }],
      });
    const ok = await ask().withResponse();
    expect(ok.response.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(ok.response.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    await ask();
    const error = await ask().then(
      () => undefined,
      (e: unknown) => e,
    );
    // Near the end of a minute the window may have moved on; then the third call is allowed.
    if (error === undefined) return;
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const headers = (error as APIError).headers;
    expect(Number(headers?.get('retry-after'))).toBeGreaterThan(0);
    expect(headers?.get('x-ratelimit-remaining-requests')).toBe('0');
  });

  it('RateLimitError once the monthly token budget is spent', async () => {
    const created = await createKey(t.app, owner, { name: 'budget', monthly_token_budget: 5 });
    const budget = sdk(t.baseUrl, created.secret);
    await budget.chat.completions.create({
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    // The call is recorded right after its answer: the next call is refused once it is.
    await eventually(
      () =>
        t.app.db
          .selectFrom('api_calls')
          .select('id')
          .where('key_id', '=', created.key.id)
          .execute(),
      (rows) => rows.length === 1,
    );
    const key = await budget.chat.completions
      .create({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'hi' }] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(key).toBeInstanceOf(OpenAI.RateLimitError);
    expect((key as APIError).code).toBe('insufficient_quota');
  });

  it('upstream failures as 502/503/504 from the shared classifier', async () => {
    const fault = (directive: string) =>
      client.chat.completions
        .create({
          model: 'claude-haiku-4-5',
          messages: [{ role: 'user', content: `hi [sim ${directive}]` }],
        })
        .then(
          () => undefined,
          (e: unknown) => e as APIError,
        );
    expect((await fault('fault=503'))?.status).toBe(503);
    expect((await fault('fault=auth'))?.status).toBe(502);
    expect((await fault('fault=context_length'))?.status).toBe(400);
  });
});

describe('the API keys list after calls', () => {
  it('counts this month’s requests and tokens, and last use', async () => {
    const created = await createKey(t.app, owner, { name: 'counted' });
    const counted = sdk(t.baseUrl, created.secret);
    const completion = await counted.chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
    });
    const total = completion.usage?.total_tokens ?? 0;
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/api-keys',
        headers: bearer(owner.accessToken),
      });
      return res
        .json<{
          keys: {
            id: string;
            requests_this_month: number;
            tokens_this_month: number;
            last_used_at: string | null;
            daily_usage: { tokens: number }[];
          }[];
        }>()
        .keys.find((k) => k.id === created.key.id);
    };
    // The list reads keys and counters in separate statements: wait until one read sees the
    // whole batched record (count and last use).
    const key = await eventually(
      read,
      (k) => k?.requests_this_month === 1 && k.last_used_at !== null,
    );
    expect(key).toMatchObject({ requests_this_month: 1, tokens_this_month: total });
    expect(key?.last_used_at).not.toBeNull();
    expect(key?.daily_usage).toHaveLength(30);
    expect(key?.daily_usage.at(-1)?.tokens).toBe(total);
  });
});
