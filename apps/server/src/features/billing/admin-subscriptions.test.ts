import {
  MESSAGES,
  type AdminDashboard,
  type AdminSubscriptionDetail,
  type AdminSubscriptionListResponse,
  type Plan,
  type SubscriptionFigures,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import type { ChatTestApp } from '../../../test/chat';
import { createBillingTestApp, type BillingTestApp } from './testing/billing-test-app';
import { TEST_CARDS } from './testing/stripe-objects';
import type { StripeStandIn } from './testing/stripe-stand-in';

type Method = 'GET' | 'POST';

describe('subscriptions in the admin console', () => {
  let b: BillingTestApp;
  let standIn: StripeStandIn;
  let t: ChatTestApp;
  let admin: Record<string, string>;
  let max: Plan;

  beforeAll(async () => {
    b = await createBillingTestApp();
    ({ standIn, t, admin } = b);
    max = await b.createPlan({ name: 'Max', price: 3000, daily_message_limit: null });
  });
  afterAll(() => b?.close());

  const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    b.call(method, url, headers, payload);
  const ok = <T>(method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    b.ok<T>(method, url, headers, payload);
  const current = (h: Record<string, string>) => b.current(h);
  const newSubscriber = (plan: Plan) => b.subscriber(plan);

  it('lets an admin cancel at once and read the figures; others get 403 or 401', async () => {
    const { h, session } = await newSubscriber(max);
    await standIn.billing.confirm(session.client_secret ?? '', TEST_CARDS.succeeds);
    let figures = await ok<SubscriptionFigures>('GET', '/admin/subscriptions/figures', admin);
    const maxActive = figures.active_per_plan.find((p) => p.plan_id === max.id)?.active ?? 0;
    expect(maxActive).toBeGreaterThanOrEqual(1);
    expect(figures.mrr.find((m) => m.currency === 'usd')?.amount).toBeGreaterThanOrEqual(3000);
    // The admin dashboard shows the same revenue as a figure of its own.
    const dashboard = await ok<AdminDashboard>('GET', '/admin/dashboard', admin);
    expect(dashboard.mrr).toEqual(figures.mrr);
    expect(dashboard.paying_subscriptions).toBe(
      figures.active_per_plan.reduce((sum, p) => sum + p.active, 0),
    );

    const user = bearer((await registerAndSignIn(t.app)).accessToken);
    for (const [method, url, body] of [
      ['GET', '/admin/subscriptions', undefined],
      ['GET', '/admin/subscriptions/figures', undefined],
      ['GET', `/admin/subscriptions/${session.subscription_id}`, undefined],
      ['POST', `/admin/subscriptions/${session.subscription_id}/cancel`, {}],
    ] as const) {
      const res = await call(method, url, user, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden', detail: MESSAGES.forbidden });
      expect((await call(method, url, {}, body)).statusCode).toBe(401);
    }
    // Someone else's subscription is not found for a user.
    const stranger = await call(
      'GET',
      `/billing/subscriptions/${session.subscription_id}/payment`,
      user,
    );
    expect(stranger.statusCode).toBe(404);

    const cancelled = await ok<AdminSubscriptionDetail>(
      'POST',
      `/admin/subscriptions/${session.subscription_id}/cancel`,
      admin,
      {},
    );
    expect(cancelled.subscription).toMatchObject({ status: 'canceled', grants_access: false });
    expect((await current(h)).plan.is_free).toBe(true);
    figures = await ok<SubscriptionFigures>('GET', '/admin/subscriptions/figures', admin);
    expect(figures.active_per_plan.find((p) => p.plan_id === max.id)?.active ?? 0).toBe(
      maxActive - 1,
    );
    expect(figures.churn_30d.canceled).toBeGreaterThanOrEqual(1);
    expect(figures.churn_30d.rate).toBeGreaterThan(0);

    const filtered = await ok<AdminSubscriptionListResponse>(
      'GET',
      `/admin/subscriptions?plan_id=${max.id}&limit=1`,
      admin,
    );
    expect(filtered.subscriptions).toHaveLength(1);
    expect(filtered.total).toBeGreaterThanOrEqual(1);
    expect(filtered.subscriptions[0]?.plan_id).toBe(max.id);
    const bad = await call('GET', '/admin/subscriptions?status=sleeping', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('status');
  });
});
