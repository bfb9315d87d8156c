import { TOOL_LIMITS, type AdminToolSettings } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestAppPair,
  type TestApp,
  type TestAppPair,
} from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { newVisitorId } from '../../../test/chat';
import type { FastifyInstance } from 'fastify';

const KEY = 'brave-secret-key-ABCD-7788';

describe('AI management → Tools', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let user: SignedInUser;

  const call = (method: 'GET' | 'PATCH', payload?: object, token = admin.accessToken) =>
    t.app.inject({
      method,
      url: '/api/v1/admin/tools',
      headers: bearer(token),
      ...(payload && { payload }),
    });
  const namesFor = async (
    owner: { kind: 'user' | 'visitor'; id: string },
    webSearch = true,
  ): Promise<string[]> =>
    (await t.app.tools.toolsFor({ owner, webSearch, vault: false })).map((tool) => tool.spec.name);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerAndSignIn(t.app, { admin: true });
    user = await registerAndSignIn(t.app);
  });
  afterAll(() => t?.close());

  it('starts with no search provider, the default loop bounds and every plan allowed', async () => {
    const res = await call('GET');
    expect(res.statusCode).toBe(200);
    const settings = res.json<AdminToolSettings>();
    expect(settings).toMatchObject({
      web_search_provider: null,
      web_search_api_key_set: false,
      web_search_ready: false,
      max_steps: TOOL_LIMITS.stepsDefault,
      tool_timeout_seconds: TOOL_LIMITS.toolTimeoutDefaultSeconds,
      updated_at: null,
    });
    expect(settings.plans).toContainEqual(
      expect.objectContaining({ plan_id: 'free', web_search: true, read_page: true }),
    );
    expect(await t.app.tools.loopSettings()).toEqual({
      maxSteps: TOOL_LIMITS.stepsDefault,
      toolTimeoutMs: TOOL_LIMITS.toolTimeoutDefaultSeconds * 1000,
    });
  });

  it('is for admins only', async () => {
    expect((await call('GET', undefined, user.accessToken)).statusCode).toBe(403);
    expect((await call('PATCH', { max_steps: 3 }, user.accessToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/tools' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const cases: [object, RegExp][] = [
      [{ max_steps: 0 }, /max_steps/],
      [{ max_steps: TOOL_LIMITS.stepsMax + 1 }, /max_steps/],
      [{ max_steps: 2.5 }, /max_steps/],
      [{ tool_timeout_seconds: TOOL_LIMITS.toolTimeoutMaxSeconds + 1 }, /tool_timeout_seconds/],
      [{ web_search_provider: 'google' }, /web_search_provider/],
      [{ web_search_api_key: 'short' }, /web_search_api_key/],
      [{ web_search_api_key: 'has a space in it' }, /web_search_api_key/],
      [{ web_search_base_url: 'ftp://search.example' }, /web_search_base_url/],
      [{ web_search_base_url: 'http://127.0.0.1:8888' }, /^web_search_base_url: /],
      [{ web_search_base_url: 'https://10.0.0.7' }, /^web_search_base_url: .*private/],
      [
        { plans: [{ plan_id: 'no-such-plan', web_search: true, read_page: true }] },
        /plans\[0\]\.plan_id/,
      ],
      [{ web_search_api_key: KEY, clear_web_search_api_key: true }, /web_search_api_key/],
    ];
    for (const [body, field] of cases) {
      const res = await call('PATCH', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 422 });
      expect(res.json<{ detail: string }>().detail).toMatch(field);
    }
    expect(await t.app.db.selectFrom('tool_settings').selectAll().execute()).toEqual([]);
  });

  it('seals the search key: shown by its last 4, never in a response, the database or the audit log', async () => {
    const res = await call('PATCH', {
      web_search_provider: 'brave',
      web_search_api_key: KEY,
      max_steps: 4,
      tool_timeout_seconds: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminToolSettings>()).toMatchObject({
      web_search_provider: 'brave',
      web_search_api_key_set: true,
      web_search_api_key_last4: '7788',
      web_search_ready: true,
      max_steps: 4,
      tool_timeout_seconds: 30,
    });
    expect(res.body).not.toContain(KEY);
    expect((await call('GET')).body).not.toContain(KEY);
    const stored = await t.app.db.selectFrom('tool_settings').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(stored[0]?.web_search_api_key_sealed).toMatch(/^v1\./);
    const audit = await t.app.db.selectFrom('audit_log').selectAll().execute();
    expect(audit.map((entry) => entry.action)).toContain('tools.search_key_rotated');
    expect(JSON.stringify(audit)).not.toContain(KEY);
    expect(await t.app.tools.loopSettings()).toEqual({ maxSteps: 4, toolTimeoutMs: 30_000 });

    const cleared = await call('PATCH', { clear_web_search_api_key: true });
    expect(cleared.json<AdminToolSettings>()).toMatchObject({
      web_search_api_key_set: false,
      web_search_api_key_last4: null,
      web_search_ready: false,
      web_search_problem: 'web_search_api_key: Brave Search needs an API key',
    });
  });

  it('offers tools only with the chat toggle on, then as the plan allows (visitors: the free plan)', async () => {
    await call('PATCH', { web_search_api_key: KEY });
    const member = { kind: 'user' as const, id: user.user.id };
    const visitor = { kind: 'visitor' as const, id: newVisitorId() };
    expect(await namesFor(member, false)).toEqual([]);
    expect(await namesFor(visitor, false)).toEqual([]);
    expect(await namesFor(member)).toEqual(['web_search', 'read_page']);
    expect(await namesFor(visitor)).toEqual(['web_search', 'read_page']);
    // A vault turn follows the same toggle.
    const vault = await t.app.tools.toolsFor({ owner: member, webSearch: false, vault: true });
    expect(vault).toEqual([]);

    const saved = await call('PATCH', {
      plans: [{ plan_id: 'free', web_search: false, read_page: true }],
    });
    expect(saved.json<AdminToolSettings>().plans).toContainEqual(
      expect.objectContaining({ plan_id: 'free', web_search: false, read_page: true }),
    );
    expect(await namesFor(member)).toEqual(['read_page']);
    expect(await namesFor(visitor)).toEqual(['read_page']);

    await call('PATCH', { plans: [{ plan_id: 'free', web_search: false, read_page: false }] });
    expect(await namesFor(member)).toEqual([]);
    expect(await namesFor(visitor)).toEqual([]);
    // An admin on the same free plan is held to it too.
    expect(await namesFor({ kind: 'user', id: admin.user.id })).toEqual([]);
  });
});

describe('Tools settings across processes', () => {
  let pair: TestAppPair;
  let admin: SignedInUser;

  beforeAll(async () => {
    pair = await createTestAppPair();
    admin = await registerAndSignIn(pair.a, { admin: true });
  });
  afterAll(() => pair?.close());

  async function eventually(app: FastifyInstance, maxSteps: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await app.tools.loopSettings()).maxSteps !== maxSteps) {
      if (Date.now() > deadline) throw new Error(`max_steps never became ${maxSteps}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("an admin's change on one process is in effect on the other", async () => {
    expect((await pair.b.tools.loopSettings()).maxSteps).toBe(TOOL_LIMITS.stepsDefault);
    const res = await pair.a.inject({
      method: 'PATCH',
      url: '/api/v1/admin/tools',
      headers: bearer(admin.accessToken),
      payload: { max_steps: 12 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pair.a.tools.loopSettings()).maxSteps).toBe(12);
    await eventually(pair.b, 12);
  });
});
