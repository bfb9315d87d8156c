import type { Plan } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTestApp } from '../../../test/chat';
import { createBillingTestApp, type BillingTestApp } from './testing/billing-test-app';
import { TEST_CARDS } from './testing/stripe-objects';
import type { StripeStandIn } from './testing/stripe-stand-in';

describe('Stripe webhooks', () => {
  let b: BillingTestApp;
  let standIn: StripeStandIn;
  let t: ChatTestApp;
  let pro: Plan;

  beforeAll(async () => {
    b = await createBillingTestApp();
    ({ standIn, t } = b);
    pro = await b.createPlan({ name: 'Pro', price: 1500, daily_message_limit: 5 });
  });
  afterAll(() => b?.close());

  const current = (h: Record<string, string>) => b.current(h);
  const eventCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('billing_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newSubscriber = (plan: Plan) => b.subscriber(plan);

  it('ends right whatever the order of the events, and applies a replay once', async () => {
    standIn.webhooks.hold = true;
    const { h, session } = await newSubscriber(pro);
    await standIn.billing.confirm(session.client_secret ?? '', TEST_CARDS.succeeds);
    expect((await current(h)).plan.is_free).toBe(true);
    const held = [...standIn.webhooks.held];
    expect(held.map((e) => e.type)).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid']),
    );
    await standIn.webhooks.release('reverse');
    expect((await current(h)).subscription).toMatchObject({
      status: 'active',
      grants_access: true,
    });

    const before = await eventCount();
    const statuses = [];
    for (const event of held) statuses.push(await standIn.webhooks.deliver(event));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const replays = standIn.webhooks.deliveries.slice(-held.length);
    expect(replays.every((d) => d.status === 200)).toBe(true);
    expect(await eventCount()).toBe(before);
    expect((await current(h)).plan.id).toBe(pro.id);
  });

  it('refuses a bad or stale signature with 400 and changes nothing', async () => {
    standIn.webhooks.hold = true;
    const { h, session } = await newSubscriber(pro);
    await standIn.billing.confirm(session.client_secret ?? '', TEST_CARDS.succeeds);
    standIn.webhooks.hold = false;
    const events = standIn.webhooks.held.splice(0);
    const before = await eventCount();
    for (const event of events)
      expect(await standIn.webhooks.deliver(event, 'whsec_not_the_secret')).toBe(400);
    // The right secret, but signed more than 300 s ago (a replayed capture).
    const stale = Math.floor(Date.now() / 1000) - 301;
    for (const event of events)
      expect(await standIn.webhooks.deliver(event, undefined, stale)).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(events[0]),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await current(h)).subscription).toMatchObject({ status: 'incomplete' });
    expect((await current(h)).plan.is_free).toBe(true);
  });
});
