import type { CurrentSubscriptionResponse, Plan, Subscription } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { checkoutProgress } from './checkout-progress';

const plan: Plan = {
  id: 'plan_pro',
  name: 'Pro',
  description: '',
  price: 900,
  currency: 'usd',
  interval: 'month',
  daily_message_limit: 300,
  allowed_providers: null,
  allowed_models: null,
  compare_panels: 4,
  api_access: true,
  api_key_limit: null,
  features: [],
  is_free: false,
  archived: false,
  display_order: 1,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

const subscription = (over: Partial<Subscription>): Subscription => ({
  id: 'sub_new',
  plan,
  status: 'incomplete',
  grants_access: false,
  current_period_start: null,
  current_period_end: null,
  cancel_at_period_end: false,
  canceled_at: null,
  ended_at: null,
  card: null,
  grace: null,
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
  ...over,
});

const answer = (sub: Subscription | null): CurrentSubscriptionResponse => ({
  plan,
  subscription: sub,
  payments_configured: true,
});

describe('checkoutProgress', () => {
  it('waits while the webhook has not arrived', () => {
    expect(checkoutProgress(undefined, 'sub_new', null).kind).toBe('waiting');
    expect(checkoutProgress(answer(subscription({})), 'sub_new', 'succeeded').kind).toBe('waiting');
  });

  it('ends the wait when the server grants the plan', () => {
    const active = subscription({ status: 'active', grants_access: true });
    expect(checkoutProgress(answer(active), 'sub_new', null).kind).toBe('granted');
    expect(checkoutProgress(answer(active), null, null).kind).toBe('granted');
  });

  it("does not take an older subscription's access for this checkout's", () => {
    const older = subscription({ id: 'sub_old', status: 'active', grants_access: true });
    expect(checkoutProgress(answer(older), 'sub_new', null).kind).toBe('waiting');
  });

  it('says so when the subscription ended unpaid', () => {
    const expired = subscription({ status: 'incomplete_expired' });
    expect(checkoutProgress(answer(expired), 'sub_new', null).kind).toBe('failed');
  });

  it("follows Stripe's redirect when the payment step failed", () => {
    expect(checkoutProgress(answer(subscription({})), 'sub_new', 'failed').kind).toBe(
      'not-completed',
    );
  });
});
