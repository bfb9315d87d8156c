import { createServer } from 'node:net';
import {
  AdminModelListResponse,
  ModelsResponse,
  ProviderHealth,
  ProviderSettingsListResponse,
  type ModelInfo,
} from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';

/** A loopback port nothing listens on (taken from the OS, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const startSim = (port = 0) =>
  startProviderSim({
    port,
    host: '127.0.0.1',
    defaults: { ttftMs: 1, tokensPerSecond: 5_000, lengthTokens: 5 },
  });

async function userModels(app: FastifyInstance, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/models', headers });
  expect(res.statusCode).toBe(200);
  return ModelsResponse.parse(res.json()).models;
}

async function adminModels(app: FastifyInstance, token: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/models',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return AdminModelListResponse.parse(res.json()).models;
}

async function providerHealth(app: FastifyInstance, token: string, provider: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/providers',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return ProviderSettingsListResponse.parse(res.json()).providers.find(
    (p) => p.provider === provider,
  )?.health;
}

const checkNow = (app: FastifyInstance, token: string, provider: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/providers/${provider}/check`,
    headers: bearer(token),
  });

/** One real call through the app's registry; its error (if any) is the upstream's. */
async function callModel(app: FastifyInstance, model: string, prompt = 'Hello'): Promise<void> {
  const stream = await app.models.streamChat(model, {
    messages: [{ role: 'user', content: prompt }],
  });
  for await (const event of stream) if (event.type === 'finish') break;
}

const ids = (models: ModelInfo[]) => models.map((m) => m.id);

let pair: TestAppPair | undefined;
let sim: ProviderSim | undefined;
afterEach(async () => {
  await pair?.close();
  await sim?.close();
  pair = undefined;
  sim = undefined;
});

describe('provider health', () => {
  it('hides an unreachable provider from users after its calls fail, shows admins why, and brings it back once a probe gets an answer', async () => {
    const port = await closedPort();
    pair = await createTestAppPair({
      env: {
        OPENAI_API_KEY: 'sk-test-health-0001',
        OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        PROVIDER_UNREACHABLE_AFTER_FAILURES: '2',
      },
    });
    const { a, b } = pair;
    const admin = await registerAndSignIn(a, { admin: true });
    const user = await registerAndSignIn(a);
    expect(ids(await userModels(a, bearer(user.accessToken)))).toContain('gpt-5');

    // One failure is not enough: a blip must not hide a provider.
    await expect(callModel(a, 'gpt-5')).rejects.toThrow();
    await vi.waitFor(async () =>
      expect((await providerHealth(a, admin.accessToken, 'openai'))?.checked_at).not.toBeNull(),
    );
    expect(await providerHealth(a, admin.accessToken, 'openai')).toMatchObject({
      state: 'reachable',
    });
    expect(ids(await userModels(a, bearer(user.accessToken)))).toContain('gpt-5');

    // The second in a row, from the other process: the count is shared.
    await expect(callModel(b, 'gpt-5-mini')).rejects.toThrow();
    await vi.waitFor(
      async () => expect(ids(await userModels(a, bearer(user.accessToken)))).not.toContain('gpt-5'),
      { timeout: 8_000 },
    );
    for (const app of [a, b]) {
      // Without Redis (SQLite) the other process re-reads when its short cache expires.
      await vi.waitFor(
        async () =>
          expect(
            (await userModels(app, bearer(user.accessToken))).some(
              (m) => m.provider === 'openai' && !m.is_demo,
            ),
          ).toBe(false),
        { timeout: 8_000 },
      );
      const forUser = await userModels(app, bearer(user.accessToken));
      // The offline demo model never depends on an upstream.
      expect(ids(forUser)).toContain('parallax-demo');
      // Visitors get the same list as users.
      expect((await userModels(app)).some((m) => m.provider === 'openai' && !m.is_demo)).toBe(
        false,
      );
      const forAdmin = await userModels(app, bearer(admin.accessToken));
      expect(forAdmin.find((m) => m.id === 'gpt-5')).toMatchObject({
        available: false,
        unavailable_reason: 'Unreachable: connection refused',
      });
      const registry = await adminModels(app, admin.accessToken);
      expect(registry.find((m) => m.id === 'gpt-5')).toMatchObject({
        available: false,
        health: { state: 'unreachable', code: 'connection_refused', reason: 'connection refused' },
      });
      // Another provider's models are not affected.
      expect(registry.find((m) => m.id === 'parallax-demo')?.available).toBe(true);
    }

    // The upstream comes back on the same address; the admin's "Check now" finds it.
    sim = await startSim(port);
    const checked = await checkNow(b, admin.accessToken, 'openai');
    expect(checked.statusCode).toBe(200);
    expect(ProviderHealth.parse(checked.json())).toMatchObject({
      state: 'reachable',
      code: null,
      reason: null,
    });
    await vi.waitFor(
      async () => expect(ids(await userModels(a, bearer(user.accessToken)))).toContain('gpt-5'),
      { timeout: 8_000 },
    );
    expect((await adminModels(a, admin.accessToken)).find((m) => m.id === 'gpt-5')).toMatchObject({
      available: true,
      health: { state: 'reachable' },
    });
  });

  it('probes on its own: marks a closed port unreachable, backs off, and finds the upstream when it returns', async () => {
    const port = await closedPort();
    pair = await createTestAppPair({
      env: {
        OPENAI_API_KEY: 'sk-test-health-0002',
        OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        PROVIDER_PROBE_INTERVAL_SECONDS: '2',
        PROVIDER_PROBE_RETRY_SECONDS: '1',
      },
    });
    const { a, b } = pair;
    const admin = await registerAndSignIn(a, { admin: true });
    await vi.waitFor(
      async () =>
        expect(await providerHealth(b, admin.accessToken, 'openai')).toMatchObject({
          state: 'unreachable',
          code: 'connection_refused',
        }),
      { timeout: 10_000, interval: 200 },
    );
    await vi.waitFor(
      async () =>
        expect((await userModels(b)).some((m) => m.provider === 'openai' && !m.is_demo)).toBe(
          false,
        ),
      { timeout: 8_000 },
    );
    // Providers without a key are never probed, so they have no health to show.
    expect(await providerHealth(a, admin.accessToken, 'anthropic')).toMatchObject({
      state: 'unknown',
      checked_at: null,
    });

    sim = await startSim(port);
    await vi.waitFor(async () => expect(ids(await userModels(a))).toContain('gpt-5'), {
      timeout: 10_000,
      interval: 200,
    });
    expect(sim.requests.length).toBeGreaterThan(0);
  });

  it('forgets what it found when an admin changes the settings, and probes the new address', async () => {
    const port = await closedPort();
    sim = await startSim();
    pair = await createTestAppPair({
      env: {
        OPENAI_API_KEY: 'sk-test-health-0005',
        OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        PROVIDER_UNREACHABLE_AFTER_FAILURES: '1',
        ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      },
    });
    const { a, b } = pair;
    const admin = await registerAndSignIn(a, { admin: true });
    await expect(callModel(a, 'gpt-5')).rejects.toThrow();
    await vi.waitFor(async () => expect(ids(await userModels(a))).not.toContain('gpt-5'));

    const patched = await a.inject({
      method: 'PATCH',
      url: '/api/v1/admin/providers/openai',
      headers: bearer(admin.accessToken),
      payload: { base_url: sim.baseUrls.openai },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ health: unknown }>().health).toEqual({
      state: 'unknown',
      code: null,
      reason: null,
      checked_at: null,
    });
    expect(ids(await userModels(a))).toContain('gpt-5');
    await b.providerHealthProbe.probeDue();
    expect(sim.requests.length).toBe(1);
    expect(await providerHealth(b, admin.accessToken, 'openai')).toMatchObject({
      state: 'reachable',
    });
  });

  it('lets one process probe a due provider at a time', async () => {
    sim = await startSim();
    pair = await createTestAppPair({
      env: { OPENAI_API_KEY: 'sk-test-health-0003', OPENAI_BASE_URL: sim.baseUrls.openai },
    });
    const { a, b } = pair;
    await Promise.all([
      a.providerHealthProbe.probeDue(),
      b.providerHealthProbe.probeDue(),
      a.providerHealthProbe.probeDue(),
    ]);
    expect(sim.requests.length).toBe(1);
    // Done and healthy: not due again before the interval.
    await b.providerHealthProbe.probeDue();
    expect(sim.requests.length).toBe(1);
    const admin = await registerAndSignIn(a, { admin: true });
    expect(await providerHealth(b, admin.accessToken, 'openai')).toMatchObject({
      state: 'reachable',
    });
  });

  it('does not count rate limits or bad requests as unreachable, but repeated server errors', async () => {
    sim = await startSim();
    pair = await createTestAppPair({
      env: {
        OPENAI_API_KEY: 'sk-test-health-0004',
        OPENAI_BASE_URL: sim.baseUrls.openai,
        PROVIDER_UNREACHABLE_AFTER_FAILURES: '2',
      },
    });
    const { a } = pair;
    const admin = await registerAndSignIn(a, { admin: true });
    for (const fault of ['429', 'context_length', 'model_not_found', '429', 'quota'])
      await expect(callModel(a, 'gpt-5', `Hi [sim fault=${fault}]`)).rejects.toThrow();
    // Each answered error proves the upstream is there.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await providerHealth(a, admin.accessToken, 'openai')).toMatchObject({
      state: expect.not.stringMatching('unreachable') as unknown as string,
    });
    expect(ids(await userModels(a))).toContain('gpt-5');

    for (let n = 0; n < 2; n += 1)
      await expect(callModel(a, 'gpt-5', 'Hi [sim fault=503]')).rejects.toThrow();
    await vi.waitFor(
      async () =>
        expect(await providerHealth(a, admin.accessToken, 'openai')).toMatchObject({
          state: 'unreachable',
          code: 'server_error',
          reason: 'server error (HTTP 503)',
        }),
      { timeout: 8_000 },
    );
    // A real call that is answered makes it reachable again at once.
    await callModel(a, 'gpt-5', 'Hello');
    await vi.waitFor(
      async () =>
        expect(await providerHealth(a, admin.accessToken, 'openai')).toMatchObject({
          state: 'reachable',
        }),
      { timeout: 8_000 },
    );
  });

  it('checks nothing for a provider without a key', async () => {
    pair = await createTestAppPair();
    const admin = await registerAndSignIn(pair.a, { admin: true });
    const res = await checkNow(pair.a, admin.accessToken, 'openai');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(
      'provider: OPENAI_API_KEY is not set; nothing to check.',
    );
  });
});
