import { ModelsResponse, PROVIDERS, type ModelInfo } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { AppError } from '../../infra/errors';
import type { ChatStreamEvent } from '../../providers/chat-types';

async function listModels(
  t: TestApp,
  headers: Record<string, string> = {},
): Promise<{ raw: string; models: ModelInfo[] }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/models', headers });
  expect(res.statusCode).toBe(200);
  return { raw: res.body, models: ModelsResponse.parse(res.json()).models };
}

async function textOf(stream: AsyncIterable<ChatStreamEvent>): Promise<string> {
  let text = '';
  for await (const event of stream) if (event.type === 'text') text += event.text;
  return text;
}

const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }] });

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/v1/models without provider keys', () => {
  it('lists every provider’s models to an admin as unavailable, naming the missing setting', async () => {
    t = await createTestApp();
    const admin = await registerAndSignIn(t.app, { admin: true });
    const { models } = await listModels(t, bearer(admin.accessToken));
    for (const provider of PROVIDERS) {
      expect(
        models.filter((m) => m.provider === provider && !m.is_demo).length,
      ).toBeGreaterThanOrEqual(2);
    }
    const real = models.filter((m) => !m.is_demo);
    expect(real.every((m) => !m.available)).toBe(true);
    expect(real.find((m) => m.id === 'gpt-5')?.unavailable_reason).toBe(
      'OPENAI_API_KEY is not set',
    );
    expect(real.find((m) => m.id === 'claude-sonnet-4-5')?.unavailable_reason).toBe(
      'ANTHROPIC_API_KEY is not set',
    );
    expect(real.find((m) => m.id === 'gemini-2.5-pro')?.unavailable_reason).toBe(
      'GEMINI_API_KEY is not set',
    );
    expect(real.find((m) => m.id === 'grok-4')?.unavailable_reason).toBe('XAI_API_KEY is not set');
    expect(real.find((m) => m.id === 'vertex-gemini-2.5-pro')?.unavailable_reason).toBe(
      'GOOGLE_VERTEX_PROJECT, GOOGLE_VERTEX_LOCATION and GOOGLE_APPLICATION_CREDENTIALS are not set',
    );
    expect(real.find((m) => m.id === 'claude-haiku-4-5')).toMatchObject({
      context_window: 200_000,
      input_price_per_million: 1,
      output_price_per_million: 5,
      supports_vision: true,
    });
  });

  it('always lists the offline demo model, available and labelled as a demo', async () => {
    t = await createTestApp();
    const { models } = await listModels(t);
    expect(models[0]).toMatchObject({
      id: 'parallax-demo',
      friendly_name: 'Offline demo (simulated)',
      is_demo: true,
      available: true,
      unavailable_reason: null,
      input_price_per_million: 0,
    });
    // Two demo models, so a comparison can be tried with no key at all.
    expect(models.filter((m) => m.is_demo && m.available).map((m) => m.id)).toEqual([
      'parallax-demo',
      'parallax-demo-concise',
    ]);
  });

  it('refuses to generate with an unconfigured or unknown model', async () => {
    t = await createTestApp();
    const models = t.app.models;
    await expect(models.resolve('gpt-5')).rejects.toMatchObject({ code: 'service_unavailable' });
    await expect(models.resolve('no-such-model')).rejects.toBeInstanceOf(AppError);
    await expect(models.resolve('no-such-model')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('answers from the demo model with no keys at all', async () => {
    t = await createTestApp();
    const text = await textOf(
      await t.app.models.streamChat(
        'parallax-demo',
        ask('Explain caching [sim ttft=0 tps=2000 tokens=60]'),
      ),
    );
    expect(text).toMatch(/#/);
    expect(text.length).toBeGreaterThan(50);
    const other = await textOf(
      await t.app.models.streamChat(
        'parallax-demo-concise',
        ask('Explain caching [sim ttft=0 tps=2000 tokens=60]'),
      ),
    );
    expect(other.length).toBeGreaterThan(50);
    expect(other).not.toBe(text);
  });
});

describe('GET /api/v1/models with providers configured', () => {
  let sim: ProviderSim;
  beforeAll(async () => {
    sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 3_000 } });
  });
  afterAll(() => sim.close());

  const KEYS = {
    OPENAI_API_KEY: 'sk-route-openai-secret',
    ANTHROPIC_API_KEY: 'sk-ant-route-secret',
    GEMINI_API_KEY: 'gemini-route-secret',
    XAI_API_KEY: 'xai-route-secret',
  };

  it('marks the configured providers’ models available and never echoes a key', async () => {
    t = await createTestApp({
      env: {
        ...KEYS,
        OPENAI_BASE_URL: sim.baseUrls.openai,
        GOOGLE_VERTEX_PROJECT: 'sim-project',
        GOOGLE_VERTEX_LOCATION: 'us-central1',
        GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/key.json',
      },
    });
    const { raw, models } = await listModels(t);
    expect(models.every((m) => m.available && m.unavailable_reason === null)).toBe(true);
    for (const key of Object.values(KEYS)) expect(raw).not.toContain(key);
  });

  it('generates through the registry with the configured key and base URL', async () => {
    t = await createTestApp({
      env: { OPENAI_API_KEY: KEYS.OPENAI_API_KEY, OPENAI_BASE_URL: sim.baseUrls.openai },
    });
    const completion = await t.app.models.completeChat('gpt-5-mini', ask('Hello'));
    expect(completion.finishReason).toBe('stop');
    expect(completion.usage.outputTokens).toBeGreaterThan(0);
    expect(sim.requests.at(-1)).toMatchObject({
      provider: 'openai',
      model: 'gpt-5-mini',
      outcome: 'completed',
    });
    const { models } = await listModels(t);
    expect(models.find((m) => m.id === 'gpt-5-mini')?.available).toBe(true);
    // Unreachable (no key): not offered to a visitor at all.
    expect(models.find((m) => m.id === 'claude-haiku-4-5')).toBeUndefined();
  });
});
