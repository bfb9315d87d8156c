import { ModelFavouritesResponse, ModelsResponse, type ModelInfo } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { newVisitorId } from '../../../test/chat';

let sim: ProviderSim;
let t: TestApp;
let admin: SignedInUser;
let user: SignedInUser;

beforeAll(async () => {
  sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 3_000 } });
  // OpenAI and Anthropic reachable; Gemini, Vertex and xAI have no key.
  t = await createTestApp({
    env: {
      OPENAI_API_KEY: 'sk-picker',
      OPENAI_BASE_URL: sim.baseUrls.openai,
      ANTHROPIC_API_KEY: 'sk-ant-picker',
      ANTHROPIC_BASE_URL: sim.baseUrls.anthropic,
    },
  });
  admin = await registerAndSignIn(t.app, { admin: true });
  user = await registerAndSignIn(t.app);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function models(headers: Record<string, string>): Promise<ModelInfo[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/models', headers });
  expect(res.statusCode).toBe(200);
  return ModelsResponse.parse(res.json()).models;
}

function star(method: 'GET' | 'PUT' | 'DELETE', who: SignedInUser | null, modelId?: string) {
  return t.app.inject({
    method,
    url: `/api/v1/models/favourites${modelId === undefined ? '' : `/${modelId}`}`,
    headers: who ? bearer(who.accessToken) : { 'x-visitor-id': newVisitorId() },
  });
}

describe('the model catalogue', () => {
  it('gives each model its input kinds and a description', async () => {
    const list = await models(bearer(user.accessToken));
    expect(list.find((m) => m.id === 'gpt-5')).toMatchObject({
      provider: 'openai',
      context_window: 400_000,
      input_price_per_million: 1.25,
      output_price_per_million: 10,
      input_kinds: ['text', 'images', 'files'],
      description: 'OpenAI’s flagship for reasoning, code and long documents.',
    });
    expect(list.find((m) => m.id === 'parallax-demo')?.input_kinds).toEqual(['text', 'files']);
  });

  it('hides models the server cannot reach from users and visitors', async () => {
    for (const headers of [bearer(user.accessToken), { 'x-visitor-id': newVisitorId() }]) {
      const ids = (await models(headers)).map((m) => m.id);
      expect(ids).toContain('gpt-5');
      expect(ids).toContain('claude-haiku-4-5');
      expect(ids).not.toContain('gemini-2.5-pro');
      expect(ids).not.toContain('grok-4');
      expect(ids).not.toContain('vertex-gemini-2.5-flash');
    }
  });

  it('shows them to an admin with the reason, a provider switched off included', async () => {
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/providers/anthropic',
      headers: bearer(admin.accessToken),
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    try {
      const list = await models(bearer(admin.accessToken));
      expect(list.find((m) => m.id === 'grok-4')).toMatchObject({
        available: false,
        unavailable_reason: 'XAI_API_KEY is not set',
      });
      expect(list.find((m) => m.id === 'claude-haiku-4-5')).toMatchObject({
        available: false,
        unavailable_reason: 'Disabled by an administrator',
      });
      const forUser = (await models(bearer(user.accessToken))).map((m) => m.id);
      expect(forUser).not.toContain('claude-haiku-4-5');
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/admin/providers/anthropic',
        headers: bearer(admin.accessToken),
        payload: { enabled: true },
      });
    }
  });
});

describe('favourite models', () => {
  it('are stored per account, newest first, and each account sees only its own', async () => {
    const other = await registerAndSignIn(t.app);
    expect((await star('PUT', user, 'gpt-5')).statusCode).toBe(200);
    const second = await star('PUT', user, 'parallax-demo');
    expect(ModelFavouritesResponse.parse(second.json()).model_ids).toEqual([
      'parallax-demo',
      'gpt-5',
    ]);
    // Starring again keeps the first star's place.
    await star('PUT', user, 'gpt-5');
    const mine = await star('GET', user);
    expect(mine.json()).toEqual({ model_ids: ['parallax-demo', 'gpt-5'] });
    expect((await star('GET', other)).json()).toEqual({ model_ids: [] });
    // Another account's unstar touches only its own list.
    await star('DELETE', other, 'gpt-5');
    expect((await star('GET', user)).json()).toEqual({ model_ids: ['parallax-demo', 'gpt-5'] });
    const removed = await star('DELETE', user, 'parallax-demo');
    expect(removed.json()).toEqual({ model_ids: ['gpt-5'] });
  });

  it('keep the order of starring within one millisecond', async () => {
    const someone = await registerAndSignIn(t.app);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    try {
      // Newest first is not their alphabetical order, which a tie would fall back to.
      for (const id of ['claude-haiku-4-5', 'parallax-demo', 'gpt-5'])
        expect((await star('PUT', someone, id)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect((await star('GET', someone)).json()).toEqual({
      model_ids: ['gpt-5', 'parallax-demo', 'claude-haiku-4-5'],
    });
  });

  it('refuses an unknown model by name, a visitor, and an overlong id', async () => {
    const unknown = await star('PUT', user, 'no-such-model');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toContain('no-such-model');
    expect((await star('GET', null)).statusCode).toBe(401);
    expect((await star('PUT', null, 'gpt-5')).statusCode).toBe(401);
    const long = await star('PUT', user, 'x'.repeat(200));
    expect([400, 422]).toContain(long.statusCode);
    expect(long.body).toContain('modelId');
  });
});
