import {
  MESSAGES,
  type AdminPlanListResponse,
  type BillingConfigResponse,
  type CreatedApiKey,
  type ModelsResponse,
  type LimitsResponse,
  type Plan,
  type PlanListResponse,
  type RemainingMessagesResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';

const FREE_DAILY = 7;
const VISITOR_DAILY = 3;

const PRO = {
  name: 'Pro',
  description: 'For daily work',
  price: 1500,
  interval: 'month',
  daily_message_limit: 500,
  compare_panels: 4,
  features: ['500 messages a day', 'Compare 4 models'],
};

describe('plans', () => {
  let t: ChatTestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createChatTestApp({
      env: { FREE_DAILY_LIMIT: String(FREE_DAILY), VISITOR_DAILY_LIMIT: String(VISITOR_DAILY) },
    });
    admin = bearer((await registerAndSignIn(t.app, { admin: true })).accessToken);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const publicPlans = async (headers: Record<string, string> = {}) =>
    (await call('GET', '/plans', headers)).json<PlanListResponse>();
  const adminPlans = async () =>
    (await call('GET', '/admin/plans', admin)).json<AdminPlanListResponse>().plans;
  const createPlan = async (body: object = PRO) => {
    const res = await call('POST', '/admin/plans', admin, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Plan>();
  };
  /** What a webhook will do once subscriptions exist: point the account at the plan. */
  const putOnPlan = (userId: string, planId: string) =>
    t.app.db.updateTable('users').set({ plan_id: planId }).where('id', '=', userId).execute();

  it('always has a free plan, shown to visitors, with FREE_DAILY_LIMIT as its allowance', async () => {
    const visitor = await publicPlans(visitorHeaders(newVisitorId()));
    expect(visitor.current_plan_id).toBeNull();
    const free = visitor.plans.find((p) => p.is_free);
    expect(free).toMatchObject({ price: 0, daily_message_limit: FREE_DAILY, archived: false });
    expect((await publicPlans()).plans.map((p) => p.id)).toContain(free?.id);

    const user = await registerAndSignIn(t.app);
    expect((await publicPlans(bearer(user.accessToken))).current_plan_id).toBe(free?.id);
  });

  it('lets only admins manage plans: 401 without an account, 403 with the spec text for users', async () => {
    const user = bearer((await registerAndSignIn(t.app)).accessToken);
    const attempts = [
      ['GET', '/admin/plans', undefined],
      ['POST', '/admin/plans', PRO],
      ['PATCH', '/admin/plans/free', { name: 'Mine' }],
      ['PUT', '/admin/plans/order', { plan_ids: ['free'] }],
    ] as const;
    for (const [method, url, body] of attempts) {
      const asUser = await call(method, url, user, body);
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expect(asUser.json()).toMatchObject({ error: 'forbidden', detail: MESSAGES.forbidden });
      expect((await call(method, url, {}, body)).statusCode).toBe(401);
    }
    expect((await publicPlans()).plans.map((p) => p.name)).not.toContain('Mine');
  });

  it('creates, edits, reorders and archives plans; /pricing shows the active ones in order', async () => {
    const pro = await createPlan();
    expect(pro).toMatchObject({ ...PRO, currency: 'usd', is_free: false, archived: false });
    const team = await createPlan({ ...PRO, name: 'Team', price: 9900, interval: 'year' });

    const edited = await call('PATCH', `/admin/plans/${pro.id}`, admin, {
      price: 1900,
      features: ['More of everything'],
    });
    expect(edited.json<Plan>()).toMatchObject({ price: 1900, features: ['More of everything'] });

    const ids = (await adminPlans()).map((p) => p.id);
    const reordered = [team.id, ...ids.filter((id) => id !== team.id)];
    const order = await call('PUT', '/admin/plans/order', admin, { plan_ids: reordered });
    expect(order.statusCode, order.body).toBe(200);
    expect((await publicPlans()).plans.map((p) => p.id)).toEqual(reordered);

    await call('PATCH', `/admin/plans/${team.id}`, admin, { archived: true });
    expect((await publicPlans()).plans.map((p) => p.id)).not.toContain(team.id);
    expect((await adminPlans()).find((p) => p.id === team.id)?.archived).toBe(true);
    await call('PATCH', `/admin/plans/${team.id}`, admin, { archived: false });
    expect((await publicPlans()).plans.map((p) => p.id)).toContain(team.id);
  });

  it('refuses bad plans with 422 naming the field, and saves nothing', async () => {
    const before = await adminPlans();
    const bad: Array<[object, string]> = [
      [{ ...PRO, price: -1 }, 'body.price'],
      [{ ...PRO, price: 0 }, 'body.price'],
      [{ ...PRO, price: 12.5 }, 'body.price'],
      [{ ...PRO, compare_panels: 1 }, 'body.compare_panels'],
      [{ ...PRO, compare_panels: 7 }, 'body.compare_panels'],
      [{ ...PRO, name: '  ' }, 'body.name'],
      [{ ...PRO, daily_message_limit: -5 }, 'body.daily_message_limit'],
      [{ ...PRO, interval: 'week' }, 'body.interval'],
      [{ ...PRO, currency: 'dollars' }, 'body.currency'],
      [{ ...PRO, allowed_models: ['no-such-model'] }, 'body.allowed_models'],
      [{ ...PRO, allowed_providers: ['acme'] }, 'body.allowed_providers'],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', '/admin/plans', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ detail: string }>().detail).toContain(field);
    }
    const archiveFree = await call('PATCH', '/admin/plans/free', admin, { archived: true });
    expect(archiveFree.statusCode).toBe(422);
    expect(archiveFree.json<{ detail: string }>().detail).toContain('body.archived');
    expect((await call('PATCH', '/admin/plans/free', admin, { price: 100 })).statusCode).toBe(422);
    const partialOrder = await call('PUT', '/admin/plans/order', admin, { plan_ids: ['free'] });
    expect(partialOrder.statusCode).toBe(422);
    expect(partialOrder.json<{ detail: string }>().detail).toContain('body.plan_ids');
    expect((await call('PATCH', '/admin/plans/nope', admin, { name: 'x' })).statusCode).toBe(404);
    expect(await adminPlans()).toEqual(before);
  });

  it("takes a user's daily allowance from their plan; the visitor allowance stays a setting", async () => {
    const user = await registerAndSignIn(t.app);
    const h = bearer(user.accessToken);
    const remaining = async (headers: Record<string, string>) =>
      (await call('GET', '/chat/remaining-messages', headers)).json<RemainingMessagesResponse>();
    expect(await remaining(h)).toMatchObject({
      daily_limit: FREE_DAILY,
      free_daily_limit: FREE_DAILY,
    });

    const plus = await createPlan({ ...PRO, name: 'Plus', daily_message_limit: 2 });
    await putOnPlan(user.user.id, plus.id);
    expect((await publicPlans(h)).current_plan_id).toBe(plus.id);
    expect(await remaining(h)).toMatchObject({ daily_limit: 2, remaining_messages: 2 });
    for (let i = 0; i < 2; i++)
      expect(
        (await call('POST', '/chat/messages', h, sendBody('hi [sim tokens=2]'))).statusCode,
      ).toBe(200);
    const refused = await call('POST', '/chat/messages', h, sendBody('hi [sim tokens=2]'));
    expect(refused.statusCode).toBe(429);

    const unlimited = await createPlan({ ...PRO, name: 'Max', daily_message_limit: null });
    await putOnPlan(user.user.id, unlimited.id);
    expect(await remaining(h)).toMatchObject({ daily_limit: null, remaining_messages: null });
    expect(
      (await call('POST', '/chat/messages', h, sendBody('hi [sim tokens=2]'))).statusCode,
    ).toBe(200);

    // The free plan's number, once an admin sets it, replaces FREE_DAILY_LIMIT.
    await call('PATCH', '/admin/plans/free', admin, { daily_message_limit: 4 });
    const other = bearer((await registerAndSignIn(t.app)).accessToken);
    expect(await remaining(other)).toMatchObject({ daily_limit: 4, free_daily_limit: 4 });
    expect(await remaining(visitorHeaders(newVisitorId()))).toMatchObject({
      daily_limit: VISITOR_DAILY,
      free_daily_limit: 4,
    });
    await call('PATCH', '/admin/plans/free', admin, { daily_message_limit: FREE_DAILY });
  });

  it('applies the plan to models and compare panels', async () => {
    const user = await registerAndSignIn(t.app);
    const h = bearer(user.accessToken);
    const narrow = await createPlan({
      ...PRO,
      name: 'Narrow',
      allowed_models: ['gpt-5'],
      compare_panels: 2,
    });
    await putOnPlan(user.user.id, narrow.id);

    const refused = await call('POST', '/chat/messages', h, sendBody('hi'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^model: .* is not included in the Narrow plan/,
    );
    const allowed = await call(
      'POST',
      '/chat/messages',
      h,
      sendBody('hi [sim tokens=2]', { model: 'gpt-5' }),
    );
    expect(allowed.statusCode, allowed.body).toBe(200);

    const check = async (model: string) =>
      (
        await call('POST', '/chat/check-limits', h, { provider: 'openai', model })
      ).json<LimitsResponse>().can_send_message;
    expect(await check('gpt-5-mini')).toBe(false);
    expect(await check('gpt-5')).toBe(true);

    const tooMany = await call('POST', '/compare/sessions', h, {
      models: ['gpt-5', 'gpt-5', 'gpt-5'],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ detail: string }>().detail).toContain('up to 2 models');
    const outside = await call('POST', '/compare/sessions', h, { models: ['gpt-5', 'gpt-5-mini'] });
    expect(outside.statusCode).toBe(422);
    expect(outside.json<{ detail: string }>().detail).toMatch(/^models: /);
    expect(
      (await call('POST', '/compare/sessions', h, { models: ['gpt-5', 'gpt-5'] })).statusCode,
    ).toBe(201);
  });

  it("offers the plan's models only, and applies API access and key limits", async () => {
    const user = await registerAndSignIn(t.app);
    const h = bearer(user.accessToken);
    const capped = await createPlan({
      ...PRO,
      name: 'Capped',
      allowed_models: ['gpt-5'],
      api_key_limit: 1,
    });
    await putOnPlan(user.user.id, capped.id);

    const models = (await call('GET', '/models', h)).json<ModelsResponse>().models;
    expect(models.find((m) => m.id === 'gpt-5')?.available).toBe(true);
    expect(models.find((m) => m.id === 'gpt-5-mini')).toMatchObject({
      available: false,
      unavailable_reason: 'Not included in the Capped plan. See /pricing.',
    });

    const first = await call('POST', '/api-keys', h, { name: 'one' });
    expect(first.statusCode, first.body).toBe(200);
    const secret = first.json<CreatedApiKey>().secret;
    const second = await call('POST', '/api-keys', h, { name: 'two' });
    expect(second.statusCode).toBe(403);
    expect(second.json<{ detail: string }>().detail).toContain('allows 1 active API key');

    const complete = (model: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${secret}` },
        payload: { model, messages: [{ role: 'user', content: 'hi [sim tokens=2]' }] },
      });
    expect((await complete('gpt-5')).statusCode).toBe(200);
    const outside = await complete('gpt-5-mini');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ error: { code: 'model_not_in_plan' } });

    const noApi = await createPlan({ ...PRO, name: 'No API', api_access: false });
    await putOnPlan(user.user.id, noApi.id);
    const refused = await complete('gpt-5');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'plan_without_api_access' } });
    // The API keeps plan rules per process for a few seconds; an edit made here is seen at once.
    await call('PATCH', `/admin/plans/${noApi.id}`, admin, { api_access: true });
    expect((await complete('gpt-5')).statusCode).toBe(200);
    await call('PATCH', `/admin/plans/${noApi.id}`, admin, { api_access: false });
    expect((await complete('gpt-5')).statusCode).toBe(403);
    const create = await call('POST', '/api-keys', h, { name: 'three' });
    expect(create.statusCode).toBe(403);
    expect(create.json<{ detail: string }>().detail).toContain('does not include API access');
  });

  it('says payments are not configured without Stripe keys', async () => {
    const res = await call('GET', '/billing/config');
    expect(res.json<BillingConfigResponse>()).toEqual({
      payments_configured: false,
      publishable_key: null,
    });
  });
});

describe('billing config with Stripe keys', () => {
  it('serves the publishable key and never the secret one', async () => {
    const t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_secret_value_1234',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_public_value_5678',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_9999',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/billing/config' });
      expect(res.json<BillingConfigResponse>()).toEqual({
        payments_configured: true,
        publishable_key: 'pk_test_public_value_5678',
      });
      expect(res.body).not.toContain('sk_test');
      expect(res.body).not.toContain('whsec');
    } finally {
      await t.close();
    }
  });
});
