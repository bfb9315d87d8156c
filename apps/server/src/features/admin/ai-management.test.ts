import fs from 'node:fs';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type {
  AdminModel,
  AdminModelListResponse,
  AuditListResponse,
  CreatedApiKey,
  ModelsResponse,
  ProviderSettings,
  ProviderSettingsListResponse,
  ProviderTestResponse,
  UsageResponse,
} from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  createTestAppPair,
  type TestApp,
  type TestAppPair,
} from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { newVisitorId, sendBody } from '../../../test/chat';
import { startKeyRecordingProxy, type KeyRecordingProxy } from './key-recording-proxy.test-support';

const FIRST_KEY = 'sk-admin-first-key-1111';
const SECOND_KEY = 'sk-admin-second-key-2222';

describe('AI management', () => {
  let sim: ProviderSim;
  let proxy: KeyRecordingProxy;
  let t: TestAppPair;
  let admin: SignedInUser;

  const call = (
    app: FastifyInstance,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(admin.accessToken),
      ...(payload ? { payload } : {}),
    });

  const sendAsVisitor = (app: FastifyInstance, text: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: { 'x-visitor-id': newVisitorId() },
      payload: sendBody(text),
    });

  beforeAll(async () => {
    sim = await startProviderSim({
      port: 0,
      host: '127.0.0.1',
      defaults: { ttftMs: 5, tokensPerSecond: 2_000, lengthTokens: 10 },
    });
    proxy = await startKeyRecordingProxy(sim.url);
    // No provider key in the env: everything below comes from the console.
    t = await createTestAppPair({ env: { ALLOW_PRIVATE_PROVIDER_URLS: 'true' } });
    admin = await registerAndSignIn(t.a, { admin: true });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await sim.close();
  });

  it('sets a key and base URL, stores the key sealed, and shows only its last 4 characters', async () => {
    const before = await call(t.a, 'GET', '/admin/providers');
    const openaiBefore = before
      .json<ProviderSettingsListResponse>()
      .providers.find((p) => p.provider === 'openai');
    expect(openaiBefore).toMatchObject({ api_key_set: false, configured: false });

    const res = await call(t.a, 'PATCH', '/admin/providers/openai', {
      api_key: FIRST_KEY,
      base_url: `${proxy.url}/v1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProviderSettings>()).toMatchObject({
      api_key_set: true,
      api_key_last4: '1111',
      api_key_source: 'admin',
      base_url: `${proxy.url}/v1`,
      base_url_source: 'admin',
      configured: true,
    });
    expect(res.body).not.toContain(FIRST_KEY);

    const rows = await t.a.db.selectFrom('provider_settings').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(FIRST_KEY);
    expect(rows.find((r) => r.provider === 'openai')?.api_key_sealed).toMatch(/^v1\./);
    const audit = await t.a.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(audit)).not.toContain(FIRST_KEY);
    if (t.config.databaseUrl.startsWith('sqlite:')) {
      const file = t.config.databaseUrl.slice('sqlite:'.length);
      for (const part of [file, `${file}-wal`].filter((f) => fs.existsSync(f)))
        expect(fs.readFileSync(part).includes(FIRST_KEY)).toBe(false);
    }
  });

  it('tests the connection: latency when the key works, the classified error when not', async () => {
    const ok = await call(t.a, 'POST', '/admin/providers/openai/test');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<ProviderTestResponse>()).toMatchObject({ ok: true, error_class: null });

    proxy.acceptedKeys = new Set(['some-other-key']);
    try {
      const refused = await call(t.a, 'POST', '/admin/providers/openai/test');
      expect(refused.json<ProviderTestResponse>()).toMatchObject({
        ok: false,
        error_class: 'auth',
      });
      expect(refused.body).not.toContain(FIRST_KEY);
    } finally {
      proxy.acceptedKeys = undefined;
    }
  });

  it('uses a key rotated through the API for the next chat in another process', async () => {
    const first = await sendAsVisitor(t.b, 'hello');
    expect(first.statusCode).toBe(200);
    await vi.waitFor(() => expect(proxy.keys.at(-1)).toBe(FIRST_KEY), { timeout: 6_000 });

    const rotated = await call(t.a, 'PATCH', '/admin/providers/openai', { api_key: SECOND_KEY });
    expect(rotated.json<ProviderSettings>().api_key_last4).toBe('2222');
    const rotatedAt = Date.now();
    // Every process sees the change within 5 s (at once when the bus carries the news).
    await vi.waitFor(
      async () => {
        const seen = proxy.keys.length;
        expect((await sendAsVisitor(t.b, 'again')).statusCode).toBe(200);
        await vi.waitFor(() => expect(proxy.keys.length).toBeGreaterThan(seen), { timeout: 3_000 });
        expect(proxy.keys.at(-1)).toBe(SECOND_KEY);
      },
      { timeout: 7_000, interval: 250 },
    );
    expect(Date.now() - rotatedAt).toBeLessThan(6_000);

    const audit = await call(t.a, 'GET', '/admin/audit?action=provider.key_rotated');
    const entries = audit.json<AuditListResponse>().entries;
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]).toMatchObject({ target_type: 'provider', target_id: 'openai' });
    expect(entries[0]?.before).toMatchObject({ api_key_last4: '1111' });
    expect(entries[0]?.after).toMatchObject({ api_key_last4: '2222' });
    expect(audit.body).not.toContain(SECOND_KEY);
  });

  it('refuses bad provider input with the field named, and saves nothing of it', async () => {
    const cases: [object, RegExp][] = [
      [{ api_key: 'sk-with space-in-it' }, /api_key/],
      [{ api_key: 'sk-with-newline\nx' }, /api_key/],
      [{ api_key: 'short' }, /api_key/],
      [{ base_url: 'not a url' }, /base_url/],
      [{ base_url: 'ftp://example.com' }, /base_url/],
      [{ vertex_project: 'p' }, /vertex_project/],
      [{ api_key: 'sk-valid-key-3333', base_url: 'https://user:pw@example.com' }, /base_url/],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.a, 'PATCH', '/admin/providers/openai', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 422 });
      expect(res.json<{ detail: string }>().detail).toMatch(field);
    }
    const now = await call(t.a, 'GET', '/admin/providers');
    const openai = now
      .json<ProviderSettingsListResponse>()
      .providers.find((p) => p.provider === 'openai');
    expect(openai).toMatchObject({ api_key_last4: '2222', base_url: `${proxy.url}/v1` });
  });

  it('adds, edits and disables models, and another process lists the change', async () => {
    const created = await call(t.a, 'POST', '/admin/models', {
      id: 'sim-extra',
      provider: 'openai',
      model: 'gpt-5-mini',
      friendly_name: 'Sim extra',
      context_window: 64_000,
      input_price_per_million: 1,
      output_price_per_million: 2,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<AdminModel>()).toMatchObject({
      enabled: true,
      available: true,
      is_default: false,
    });
    await vi.waitFor(
      async () => {
        const listed = (
          await t.b.inject({ method: 'GET', url: '/api/v1/models' })
        ).json<ModelsResponse>();
        expect(listed.models.map((m) => m.id)).toContain('sim-extra');
      },
      { timeout: 6_000, interval: 200 },
    );

    const renamed = await call(t.a, 'PATCH', '/admin/models/sim-extra', {
      friendly_name: 'Sim extra (renamed)',
      is_default: true,
    });
    expect(renamed.json<AdminModel>()).toMatchObject({
      friendly_name: 'Sim extra (renamed)',
      is_default: true,
    });
    const all = (await call(t.a, 'GET', '/admin/models')).json<AdminModelListResponse>().models;
    expect(all.filter((m) => m.is_default).map((m) => m.id)).toEqual(['sim-extra']);
    // Users see the admin's default in the other process: a new chat starts on it.
    await vi.waitFor(
      async () => {
        const listed = (
          await t.b.inject({ method: 'GET', url: '/api/v1/models' })
        ).json<ModelsResponse>();
        expect(listed.default_model).toBe('sim-extra');
      },
      { timeout: 6_000, interval: 200 },
    );

    const disabled = await call(t.a, 'PATCH', '/admin/models/sim-extra', { enabled: false });
    expect(disabled.json<AdminModel>()).toMatchObject({ enabled: false, is_default: false });
    await vi.waitFor(
      async () => {
        const listed = (
          await t.b.inject({ method: 'GET', url: '/api/v1/models' })
        ).json<ModelsResponse>();
        expect(listed.models.map((m) => m.id)).not.toContain('sim-extra');
        expect(listed.default_model).toBeNull();
      },
      { timeout: 6_000, interval: 200 },
    );
  });

  it('refuses bad model input and never disables the last enabled model', async () => {
    const base = {
      id: 'bad-model',
      provider: 'openai',
      model: 'gpt-5-mini',
      friendly_name: 'Bad',
      context_window: 1000,
      input_price_per_million: 0,
      output_price_per_million: 0,
    };
    for (const [patch, field] of [
      [{ context_window: 0 }, /context_window/],
      [{ input_price_per_million: -1 }, /input_price_per_million/],
      [{ output_price_per_million: -0.5 }, /output_price_per_million/],
      [{ id: 'Bad Id' }, /id/],
      [{ friendly_name: '   ' }, /friendly_name/],
    ] as const) {
      const res = await call(t.a, 'POST', '/admin/models', { ...base, ...patch });
      expect({ patch, status: res.statusCode }).toEqual({ patch, status: 422 });
      expect(res.json<{ detail: string }>().detail).toMatch(field);
    }
    const duplicate = await call(t.a, 'POST', '/admin/models', { ...base, id: 'gpt-5' });
    expect(duplicate.statusCode).toBe(409);
    expect((await call(t.a, 'PATCH', '/admin/models/nope', { enabled: false })).statusCode).toBe(
      404,
    );

    const enabled = (await call(t.a, 'GET', '/admin/models'))
      .json<AdminModelListResponse>()
      .models.filter((m) => m.enabled);
    const [keep, ...rest] = enabled;
    for (const model of rest)
      expect(
        (await call(t.a, 'PATCH', `/admin/models/${model.id}`, { enabled: false })).statusCode,
      ).toBe(200);
    const last = await call(t.a, 'PATCH', `/admin/models/${keep?.id ?? ''}`, {
      enabled: false,
      friendly_name: 'Half-saved?',
    });
    expect(last.statusCode).toBe(409);
    expect(last.json<{ detail: string }>().detail).toBe(
      'enabled: at least one model must stay enabled.',
    );
    const after = (await call(t.a, 'GET', '/admin/models')).json<AdminModelListResponse>().models;
    expect(after.find((m) => m.id === keep?.id)).toMatchObject({
      enabled: true,
      friendly_name: keep?.friendly_name,
    });
    for (const model of rest)
      expect(
        (await call(t.a, 'PATCH', `/admin/models/${model.id}`, { enabled: true })).statusCode,
      ).toBe(200);
  });

  it('reports usage per provider and model per day, API calls too, as JSON and CSV', async () => {
    const created = await call(t.a, 'POST', '/api-keys', { name: 'usage test' });
    expect(created.statusCode).toBe(200);
    const completion = await t.b.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${created.json<CreatedApiKey>().secret}` },
      payload: { model: 'gpt-5-mini', messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(completion.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const res = await call(t.a, 'GET', '/admin/usage?provider=openai');
        const rows = res.json<UsageResponse>().rows.filter((r) => r.model === 'gpt-5-mini');
        expect(rows.reduce((n, r) => n + r.messages, 0)).toBeGreaterThanOrEqual(2);
        expect(rows.reduce((n, r) => n + r.api_calls, 0)).toBe(1);
        expect(rows.some((r) => r.output_tokens > 0 && r.ttft_p50_ms !== null)).toBe(true);
        expect(rows.some((r) => r.estimated_cost_usd > 0)).toBe(true);
      },
      { timeout: 6_000, interval: 200 },
    );
    const csv = await call(t.a, 'GET', '/admin/usage/export');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe(
      'day,provider,model,messages,api_calls,input_tokens,output_tokens,estimated_cost_usd,errors,ttft_p50_ms,ttft_p95_ms',
    );
    expect(csv.body).toContain(',openai,gpt-5-mini,');
    const bad = await call(t.a, 'GET', '/admin/usage?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(422);
  });
});

describe('provider base URLs without ALLOW_PRIVATE_PROVIDER_URLS', () => {
  let t: TestApp;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerAndSignIn(t.app, { admin: true });
  });
  afterAll(() => t.close());

  it('refuses http, private, loopback and link-local targets, also behind a host name', async () => {
    const refused: [string, RegExp][] = [
      ['http://api.example.com/v1', /https/],
      ['https://127.0.0.1:8443/v1', /private, loopback or link-local/],
      ['https://10.1.2.3/v1', /private/],
      ['https://192.168.0.10/v1', /private/],
      ['https://169.254.169.254/latest', /link-local/],
      ['https://[::1]/v1', /loopback/],
      ['https://[::ffff:127.0.0.1]/v1', /loopback/],
      ['https://[fe80::1]/v1', /link-local/],
      ['https://localhost/v1', /private|resolve/],
    ];
    for (const [url, message] of refused) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/admin/providers/anthropic',
        headers: bearer(admin.accessToken),
        payload: { base_url: url },
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 422 });
      expect(res.json<{ detail: string }>().detail).toMatch(/^base_url: /);
      expect(res.json<{ detail: string }>().detail).toMatch(message);
    }
    const stored = await t.app.db.selectFrom('provider_settings').selectAll().execute();
    expect(stored).toEqual([]);
  });

  it('accepts a public https address', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/providers/anthropic',
      headers: bearer(admin.accessToken),
      payload: { base_url: 'https://8.8.8.8/v1/' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProviderSettings>().base_url).toBe('https://8.8.8.8/v1');
  });
});
