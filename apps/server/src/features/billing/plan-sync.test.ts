import {
  EXAMPLE_PLANS,
  type AdminPlanListResponse,
  type Plan,
  type PlanListResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { planLookupKey } from './plan-sync';
import { startStripeStandIn, type StripeStandIn } from './testing/stripe-stand-in';

const PRO = { name: 'Pro', price: 1500, daily_message_limit: 500, features: ['More'] };

describe('plans synced to Stripe', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const { host, port } = standIn.clientOptions;
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_plans',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_plans',
        STRIPE_WEBHOOK_SECRET: 'whsec_plans',
        STRIPE_API_BASE: `http://${host}:${port}`,
      },
    });
    admin = bearer((await registerAndSignIn(t.app, { admin: true })).accessToken);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: admin, payload });
  const stored = (id: string) =>
    t.app.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const activePrices = () => [...standIn.prices.values()].filter((p) => p.active === true);

  it('creates the example plans in one call on a fresh install, each with its Stripe price', async () => {
    // A fresh install with Stripe offers no paid plan until an admin makes one.
    const empty = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(empty.json<PlanListResponse>().plans.filter((p) => !p.is_free)).toEqual([]);
    const user = bearer((await registerAndSignIn(t.app)).accessToken);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/plans/examples',
      headers: user,
    });
    expect(refused.statusCode).toBe(403);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/plans/examples',
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(201);
    const paid = res.json<AdminPlanListResponse>().plans.filter((p) => !p.is_free);
    expect(paid.map((p) => [p.name, p.price])).toEqual(EXAMPLE_PLANS.map((p) => [p.name, p.price]));
    for (const plan of paid) {
      const row = await stored(plan.id);
      expect(standIn.prices.get(row.stripe_price_id ?? '')).toMatchObject({
        unit_amount: plan.price,
        active: true,
      });
    }
    const pricing = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(pricing.json<PlanListResponse>().plans.filter((p) => !p.is_free)).toHaveLength(
      EXAMPLE_PLANS.length,
    );
    // Once paid plans exist, a second click makes no more.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/plans/examples',
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    for (const plan of paid) await call('PATCH', `/admin/plans/${plan.id}`, { archived: true });
  });

  it('gives a paid plan a product and a price under its lookup key', async () => {
    const res = await call('POST', '/admin/plans', PRO);
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json<Plan>();
    const row = await stored(plan.id);
    expect(standIn.products.get(row.stripe_product_id ?? '')).toMatchObject({
      name: 'Pro',
      active: true,
      metadata: { plan_id: plan.id },
    });
    expect(standIn.prices.get(row.stripe_price_id ?? '')).toMatchObject({
      unit_amount: 1500,
      currency: 'usd',
      recurring: { interval: 'month' },
      lookup_key: planLookupKey(plan.id),
      active: true,
    });
  });

  it('makes a new price when the price changes and archives the old one; a rename keeps it', async () => {
    const plan = (await call('POST', '/admin/plans', { ...PRO, name: 'Team' })).json<Plan>();
    const before = await stored(plan.id);

    expect((await call('PATCH', `/admin/plans/${plan.id}`, { name: 'Teams' })).statusCode).toBe(
      200,
    );
    const renamed = await stored(plan.id);
    expect(renamed.stripe_price_id).toBe(before.stripe_price_id);
    expect(standIn.products.get(before.stripe_product_id ?? '')?.name).toBe('Teams');

    const repriced = await call('PATCH', `/admin/plans/${plan.id}`, {
      price: 2900,
      interval: 'year',
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const after = await stored(plan.id);
    expect(after.stripe_price_id).not.toBe(before.stripe_price_id);
    expect(standIn.prices.get(before.stripe_price_id ?? '')).toMatchObject({
      active: false,
      lookup_key: null,
    });
    expect(standIn.prices.get(after.stripe_price_id ?? '')).toMatchObject({
      unit_amount: 2900,
      recurring: { interval: 'year' },
      lookup_key: planLookupKey(plan.id),
    });
    expect(activePrices().filter((p) => p.product === before.stripe_product_id)).toHaveLength(1);

    await call('PATCH', `/admin/plans/${plan.id}`, { archived: true });
    expect(standIn.products.get(before.stripe_product_id ?? '')?.active).toBe(false);
  });

  it('leaves the free plan out of Stripe', async () => {
    const calls = standIn.requests.length;
    expect((await call('PATCH', '/admin/plans/free', { name: 'Starter' })).statusCode).toBe(200);
    expect(standIn.requests.length).toBe(calls);
  });

  it('saves nothing when Stripe cannot be reached', async () => {
    const { host } = standIn.clientOptions;
    const offline = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
        STRIPE_WEBHOOK_SECRET: 'whsec_offline',
        // Nothing listens on port 9 (discard) here.
        STRIPE_API_BASE: `http://${host}:9`,
      },
    });
    try {
      const headers = bearer((await registerAndSignIn(offline.app, { admin: true })).accessToken);
      const res = await offline.app.inject({
        method: 'POST',
        url: '/api/v1/admin/plans',
        headers,
        payload: PRO,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ detail: string }>().detail).toContain('the plan was not saved');
      const list = await offline.app.inject({ method: 'GET', url: '/api/v1/plans' });
      expect(list.json<PlanListResponse>().plans.map((p) => p.name)).toEqual(['Free']);
    } finally {
      await offline.close();
    }
  }, 60_000);
});
