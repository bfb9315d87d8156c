import {
  PAYMENTS_NOT_CONFIGURED_MESSAGE,
  type AdminSubscriptionDetail,
  type AdminSubscriptionListResponse,
  type ChangePlanPreview,
  type CheckoutSession,
  type InvoiceListResponse,
  type Plan,
  type RemainingMessagesResponse,
  type Subscription,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { sendBody, type ChatTestApp } from '../../../test/chat';
import { createBillingTestApp, type BillingTestApp } from './testing/billing-test-app';
import { TEST_CARDS } from './testing/stripe-objects';
import type { StripeStandIn } from './testing/stripe-stand-in';

const FREE_DAILY = 2;
const DAY_MS = 86_400_000;

type Method = 'GET' | 'POST';

describe('subscriptions with Stripe', () => {
  let b: BillingTestApp;
  let standIn: StripeStandIn;
  let t: ChatTestApp;
  let admin: Record<string, string>;
  let pro: Plan;
  let max: Plan;

  beforeAll(async () => {
    b = await createBillingTestApp({ FREE_DAILY_LIMIT: String(FREE_DAILY) });
    ({ standIn, t, admin } = b);
    pro = await b.createPlan({ name: 'Pro', price: 1500, daily_message_limit: 5 });
    max = await b.createPlan({ name: 'Max', price: 3000, daily_message_limit: null });
  });
  afterAll(() => b?.close());

  const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    b.call(method, url, headers, payload);
  const ok = <T>(method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    b.ok<T>(method, url, headers, payload);
  const current = (h: Record<string, string>) => b.current(h);
  const remaining = async (h: Record<string, string>) =>
    ok<RemainingMessagesResponse>('GET', '/chat/remaining-messages', h);
  const send = (h: Record<string, string>) =>
    call('POST', '/chat/messages', h, sendBody('hello [sim tokens=2]'));
  async function newSubscriber(plan: Plan) {
    const { h, session, userId, email } = await b.subscriber(plan);
    return { h, session, user: { id: userId, email } };
  }

  it('lives a whole life: checkout, 3-D Secure, active, change, past_due, recovery, cancel, end', async () => {
    const { h, session, user } = await newSubscriber(pro);
    expect(session).toMatchObject({
      status: 'incomplete',
      payable: true,
      publishable_key: 'pk_test_billing',
      amount_due: 1500,
      currency: 'usd',
      plan: { id: pro.id },
    });
    expect(session.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    const create = standIn.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions',
    );
    expect(create?.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { user_id: user.id, plan_id: pro.id },
    });

    // Not paid: no access, whatever the browser says; the same checkout again reuses it.
    let state = await current(h);
    expect(state.plan.is_free).toBe(true);
    expect(state.subscription).toMatchObject({ status: 'incomplete', grants_access: false });
    const again = await ok<CheckoutSession>('POST', '/billing/checkout', h, { plan_id: pro.id });
    expect(again.subscription_id).toBe(session.subscription_id);
    const customers = [...standIn.customers.values()].filter((c) => c.email === user.email);
    expect(customers).toHaveLength(1);

    const payment = await ok<CheckoutSession>(
      'GET',
      `/billing/subscriptions/${session.subscription_id}/payment`,
      h,
    );
    expect(payment.client_secret).toBe(session.client_secret);
    const secret = session.client_secret ?? '';

    const declined = await standIn.billing.confirm(secret, TEST_CARDS.declined);
    expect(declined.error?.message).toBe('Your card has insufficient funds.');
    expect((await current(h)).plan.is_free).toBe(true);

    const challenged = await standIn.billing.confirm(secret, TEST_CARDS.requiresAction);
    expect(challenged.status).toBe('requires_action');
    expect((await current(h)).plan.is_free).toBe(true);
    await standIn.billing.confirm(secret, TEST_CARDS.requiresAction, true);

    state = await current(h);
    expect(state.plan.id).toBe(pro.id);
    expect(state.subscription).toMatchObject({
      id: session.subscription_id,
      status: 'active',
      grants_access: true,
      cancel_at_period_end: false,
      card: { brand: 'visa', last4: '3155' },
      grace: null,
    });
    expect(Date.parse(state.subscription?.current_period_end ?? '')).toBeGreaterThan(Date.now());

    // Pro allows 5 a day where the free plan allowed 2.
    for (let i = 0; i < FREE_DAILY + 1; i++) expect((await send(h)).statusCode).toBe(200);
    expect(await remaining(h)).toMatchObject({ daily_limit: 5, remaining_messages: 2 });

    const invoices = await ok<InvoiceListResponse>('GET', '/billing/invoices', h);
    expect(invoices.invoices).toHaveLength(1);
    expect(invoices.invoices[0]).toMatchObject({
      status: 'paid',
      amount_paid: 1500,
      currency: 'usd',
    });
    expect(invoices.invoices[0]?.hosted_invoice_url).toMatch(/^http/);
    expect(invoices.invoices[0]?.invoice_pdf).toMatch(/^http/);

    // Upgrade with a proration preview, then confirm at the previewed instant.
    const preview = await ok<ChangePlanPreview>('POST', '/billing/subscription/change-preview', h, {
      plan_id: max.id,
    });
    expect(preview.plan.id).toBe(max.id);
    expect(preview.lines.filter((l) => l.proration)).toHaveLength(2);
    expect(preview.lines.some((l) => l.amount < 0)).toBe(true);
    expect(preview.total).toBeGreaterThan(1400);
    expect(preview.total).toBeLessThanOrEqual(1500);
    const changed = await ok<Subscription>('POST', '/billing/subscription/change', h, {
      plan_id: max.id,
      proration_date: preview.proration_date,
    });
    expect(changed).toMatchObject({ plan: { id: max.id }, status: 'active' });
    expect(await remaining(h)).toMatchObject({ daily_limit: null });
    const afterChange = await ok<InvoiceListResponse>('GET', '/billing/invoices', h);
    expect(afterChange.invoices[0]).toMatchObject({ status: 'paid', amount_paid: preview.total });

    // A failed renewal: past_due keeps the plan for the grace period.
    standIn.billing.chargeOutcome.set(
      String(standIn.billing.subscriptions.get(session.subscription_id)?.customer),
      'decline',
    );
    await standIn.billing.advancePeriod(session.subscription_id);
    state = await current(h);
    expect(state.plan.id).toBe(max.id);
    expect(state.subscription).toMatchObject({ status: 'past_due', grants_access: true });
    const grace = state.subscription?.grace;
    expect(grace).not.toBeNull();
    expect(Date.parse(grace?.access_until ?? '') - Date.parse(grace?.past_due_since ?? '')).toBe(
      3 * DAY_MS,
    );
    const repay = await ok<CheckoutSession>(
      'GET',
      `/billing/subscriptions/${session.subscription_id}/payment`,
      h,
    );
    expect(repay).toMatchObject({ status: 'past_due', payable: true, amount_due: 3000 });

    // Four days later the grace is over: back to the free plan's limits.
    const fourDaysAgo = new Date(Date.now() - 4 * DAY_MS).toISOString();
    const ended = new Date(Date.now() - DAY_MS).toISOString();
    await t.app.db
      .updateTable('subscriptions')
      .set({ past_due_since: fourDaysAgo })
      .where('id', '=', session.subscription_id)
      .execute();
    await t.app.db
      .updateTable('users')
      .set({ plan_until: ended })
      .where('id', '=', user.id)
      .execute();
    expect((await current(h)).plan.is_free).toBe(true);
    expect((await send(h)).statusCode).toBe(429);

    // The card works again: the retried invoice is paid and the plan is back.
    standIn.billing.chargeOutcome.set(
      String(standIn.billing.subscriptions.get(session.subscription_id)?.customer),
      'succeed',
    );
    await standIn.billing.retryLatestInvoice(session.subscription_id);
    state = await current(h);
    expect(state.plan.id).toBe(max.id);
    expect(state.subscription).toMatchObject({ status: 'active', grace: null });
    expect((await send(h)).statusCode).toBe(200);

    // Cancel at period end, undo, cancel again; the period ends; the free plan.
    const cancelled = await ok<Subscription>('POST', '/billing/subscription/cancel', h);
    expect(cancelled).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    const resumed = await ok<Subscription>('POST', '/billing/subscription/resume', h);
    expect(resumed.cancel_at_period_end).toBe(false);
    await ok<Subscription>('POST', '/billing/subscription/cancel', h);
    expect((await current(h)).plan.id).toBe(max.id);
    await standIn.billing.advancePeriod(session.subscription_id);
    state = await current(h);
    expect(state.plan.is_free).toBe(true);
    expect(state.subscription).toMatchObject({ status: 'canceled', grants_access: false });
    expect(state.subscription?.ended_at).not.toBeNull();
    expect((await call('POST', '/billing/subscription/cancel', h)).statusCode).toBe(404);

    // The admin sees it all.
    const listed = await ok<AdminSubscriptionListResponse>(
      'GET',
      `/admin/subscriptions?status=canceled&q=${encodeURIComponent(user.email.slice(0, 12))}`,
      admin,
    );
    expect(listed.subscriptions.map((s) => s.id)).toContain(session.subscription_id);
    expect(listed.subscriptions.every((s) => s.status === 'canceled')).toBe(true);
    const detail = await ok<AdminSubscriptionDetail>(
      'GET',
      `/admin/subscriptions/${session.subscription_id}`,
      admin,
    );
    expect(detail.subscription).toMatchObject({ email: user.email, plan_id: max.id });
    expect(detail.invoices.length).toBeGreaterThanOrEqual(3);
    const types = detail.events.map((e) => e.type);
    for (const type of [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.paid',
      'invoice.payment_failed',
      'invoice.payment_action_required',
    ])
      expect(types).toContain(type);
  });

  it('saves a new card with a SetupIntent and lists the portal', async () => {
    const { h, session } = await newSubscriber(pro);
    await standIn.billing.confirm(session.client_secret ?? '', TEST_CARDS.succeeds);
    expect((await current(h)).subscription?.card?.last4).toBe('4242');
    const setup = await ok<{ client_secret: string; publishable_key: string }>(
      'POST',
      '/billing/subscription/setup-intent',
      h,
    );
    expect(setup.client_secret).toMatch(/^seti_/);
    await standIn.billing.confirm(setup.client_secret, '5555555555554444');
    expect((await current(h)).subscription?.card).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
    });
    const portal = await ok<{ url: string }>('POST', '/billing/portal', h);
    expect(portal.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\/bps_/);
  });
});

describe('subscriptions without Stripe keys', () => {
  it('shows plans, says plainly that payments are not configured, and breaks nothing', async () => {
    const t = await createTestApp();
    try {
      const h = bearer((await registerAndSignIn(t.app)).accessToken);
      const plans = await t.app.inject({ method: 'GET', url: '/api/v1/plans', headers: h });
      expect(plans.statusCode).toBe(200);
      const state = await t.app.inject({
        method: 'GET',
        url: '/api/v1/billing/subscription',
        headers: h,
      });
      expect(state.json()).toMatchObject({
        payments_configured: false,
        subscription: null,
        plan: { is_free: true },
      });
      for (const [method, url, payload] of [
        ['POST', '/billing/checkout', { plan_id: 'free' }],
        ['POST', '/billing/subscription/setup-intent', undefined],
        ['GET', '/billing/invoices', undefined],
        ['POST', '/billing/portal', undefined],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: h,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({
          error: 'payments_not_configured',
          detail: PAYMENTS_NOT_CONFIGURED_MESSAGE,
        });
      }
      const webhook = await t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
