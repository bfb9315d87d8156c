import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { CreateApiKeyRequest, CreatedApiKey, Provider } from '@parallax/contract';
import {
  startProviderSim,
  type ProviderSim,
  type ProviderSimOptions,
} from '@parallax/provider-sim';
import OpenAI from 'openai';
import type { Env } from '../../config';
import {
  startLocalTokenEndpoint,
  type LocalTokenEndpoint,
} from '../../providers/provider-test-kit';
import {
  createTestApp,
  createTestAppPair,
  type TestApp,
  type TestAppOverrides,
} from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';

/** One seeded model of each provider. */
export const MODEL_OF: Record<Provider, string> = {
  openai: 'gpt-5-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
  google: 'vertex-gemini-2.5-flash',
  grok: 'grok-3-mini',
};

export interface Upstreams {
  sim: ProviderSim;
  tokens: LocalTokenEndpoint;
  /** Every provider configured against the sim. */
  env: Env;
  close(): Promise<void>;
}

export async function startUpstreams(
  defaults: ProviderSimOptions['defaults'] = {},
): Promise<Upstreams> {
  const sim = await startProviderSim({
    port: 0,
    host: '127.0.0.1',
    defaults: { ttftMs: 0, tokensPerSecond: 2_000, lengthTokens: 20, ...defaults },
  });
  const tokens = await startLocalTokenEndpoint();
  return {
    sim,
    tokens,
    env: {
      OPENAI_API_KEY: 'sk-test-openai',
      OPENAI_BASE_URL: sim.baseUrls.openai,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: sim.baseUrls.anthropic,
      GEMINI_API_KEY: 'gemini-test-key',
      GEMINI_BASE_URL: sim.baseUrls.gemini,
      GOOGLE_VERTEX_PROJECT: 'sim-project',
      GOOGLE_VERTEX_LOCATION: 'us-central1',
      GOOGLE_APPLICATION_CREDENTIALS: tokens.credentialsFile,
      GOOGLE_VERTEX_BASE_URL: sim.baseUrls.google,
      XAI_API_KEY: 'xai-test-key',
      XAI_BASE_URL: sim.baseUrls.grok,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
    close: async () => {
      await sim.close();
      await tokens.close();
    },
  };
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface ApiTestApp extends TestApp {
  baseUrl: string;
}

/** The real app, listening, with every provider pointed at the upstreams. */
export async function createApiTestApp(
  upstreams: Upstreams,
  overrides: TestAppOverrides = {},
): Promise<ApiTestApp> {
  const t = await createTestApp({ ...overrides, env: { ...upstreams.env, ...overrides.env } });
  return { ...t, baseUrl: await listen(t.app) };
}

export async function createApiTestAppPair(upstreams: Upstreams, overrides: TestAppOverrides = {}) {
  const pair = await createTestAppPair({
    ...overrides,
    env: { ...upstreams.env, ...overrides.env },
  });
  return { ...pair, urlA: await listen(pair.a), urlB: await listen(pair.b) };
}

export interface KeyOwner {
  accessToken: string;
  userId: string;
}

export async function signUp(app: FastifyInstance): Promise<KeyOwner> {
  const { accessToken, user } = await registerAndSignIn(app);
  return { accessToken, userId: user.id };
}

export async function createKey(
  app: FastifyInstance,
  owner: KeyOwner,
  body: CreateApiKeyRequest = { name: 'test key' },
): Promise<CreatedApiKey> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: bearer(owner.accessToken),
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`create key failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatedApiKey>();
}

/** The official SDK, pointed at the app; no retries, so each refusal is seen once. */
export function sdk(baseUrl: string, apiKey: string): OpenAI {
  return new OpenAI({ apiKey, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
}

/** Waits for work the app does after answering (the call record). */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
