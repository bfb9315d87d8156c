import type { CheckoutSession, CurrentSubscriptionResponse, Plan } from '@parallax/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Env } from '../../../config';
import type { TestAppOverrides } from '../../../../test/app';
import { bearer, registerAndSignIn } from '../../../../test/auth';
import { createChatTestApp, type ChatTestApp } from '../../../../test/chat';
import { TEST_CARDS } from './stripe-objects';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

type Method = 'GET' | 'POST' | 'PATCH';
type Headers = Record<string, string>;

export const TEST_WEBHOOK_SECRET = 'whsec_billing_tests';

/** The real app (listening, provider-sim behind it) wired to a Stripe stand-in that signs webhooks to it. */
export interface BillingTestApp {
  t: ChatTestApp;
  standIn: StripeStandIn;
  admin: Headers;
  call(
    method: Method,
    url: string,
    headers: Headers,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** The call, expecting a 2xx; its JSON. */
  ok<T>(method: Method, url: string, headers: Headers, payload?: object): Promise<T>;
  createPlan(body: object): Promise<Plan>;
  current(headers: Headers): Promise<CurrentSubscriptionResponse>;
  /** A new user who started a checkout for `plan` (not paid yet). */
  subscriber(
    plan: Plan,
  ): Promise<{ h: Headers; session: CheckoutSession; userId: string; email: string }>;
  /** A new user who paid for `plan` with the 4242 card. */
  paidSubscriber(
    plan: Plan,
  ): Promise<{ h: Headers; session: CheckoutSession; userId: string; email: string }>;
  close(): Promise<void>;
}

export async function createBillingTestApp(
  env: Env = {},
  logger?: TestAppOverrides['logger'],
): Promise<BillingTestApp> {
  const standIn = await startStripeStandIn();
  let t: ChatTestApp;
  try {
    t = await createChatTestApp({
      ...(logger && { logger }),
      env: {
        STRIPE_SECRET_KEY: 'sk_test_billing',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_billing',
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.url,
        ...env,
      },
    });
  } catch (error) {
    await standIn.close();
    throw error;
  }
  standIn.webhooks.url = `${t.baseUrl}/api/v1/billing/webhook`;
  standIn.webhooks.secret = TEST_WEBHOOK_SECRET;
  const admin = bearer((await registerAndSignIn(t.app, { admin: true })).accessToken);

  const call: BillingTestApp['call'] = (method, url, headers, payload) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  async function ok<T>(method: Method, url: string, headers: Headers, payload?: object) {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<T>();
  }
  async function subscriber(plan: Plan) {
    const signedIn = await registerAndSignIn(t.app);
    const h = bearer(signedIn.accessToken);
    const session = await ok<CheckoutSession>('POST', '/billing/checkout', h, { plan_id: plan.id });
    return { h, session, userId: signedIn.user.id, email: signedIn.user.email };
  }
  return {
    t,
    standIn,
    admin,
    call,
    ok,
    createPlan: (body) => ok<Plan>('POST', '/admin/plans', admin, { features: [], ...body }),
    current: (h) => ok<CurrentSubscriptionResponse>('GET', '/billing/subscription', h),
    subscriber,
    paidSubscriber: async (plan) => {
      const started = await subscriber(plan);
      await standIn.billing.confirm(started.session.client_secret ?? '', TEST_CARDS.succeeds);
      return started;
    },
    close: async () => {
      await t.close();
      await standIn.close();
    },
  };
}
