import { Writable } from 'node:stream';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@parallax/contract';
import {
  createBillingTestApp,
  TEST_WEBHOOK_SECRET,
  type BillingTestApp,
} from './testing/billing-test-app';

/** pino's numeric levels: 40 warn, 50 error. */
const WARN = 40;

describe('signed webhook bodies that are not the events we act on', () => {
  const logs: { level: number; reqId?: string; msg?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as (typeof logs)[number]);
      done();
    },
  });
  let b: BillingTestApp;
  let pro: Plan;

  beforeAll(async () => {
    b = await createBillingTestApp({}, { level: 'info', stream });
    pro = await b.createPlan({ name: 'Pro', price: 1500, daily_message_limit: 5 });
  });
  afterAll(() => b?.close());

  /** POSTs `payload` exactly, signed with the endpoint's secret by stripe-node's own helper. */
  async function deliverSigned(payload: string) {
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
    });
    return b.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  }

  const stored = async () => ({
    events: await b.t.app.db.selectFrom('billing_events').selectAll().execute(),
    subscriptions: await b.t.app.db.selectFrom('subscriptions').selectAll().execute(),
  });

  const envelope = (id: string, type: string, data?: unknown) => ({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    ...(data !== undefined && { data }),
  });

  it('answers 400 to each malformed body, stores nothing and logs no error', async () => {
    const bodies: [string, unknown][] = [
      ['a string', 'just a string'],
      ['null', null],
      ['an array', []],
      ['a number', 123],
      ['a boolean', true],
      ['an empty object', {}],
      ['only an id', { id: 'evt_x' }],
      ['no data', envelope('evt_no_data', 'invoice.paid')],
      ['data without object', envelope('evt_no_object', 'invoice.paid', {})],
      ['data.object null', envelope('evt_null_object', 'invoice.paid', { object: null })],
      [
        'an unknown type with data.object null',
        envelope('evt_unknown_null', 'charge.refunded', { object: null }),
      ],
      [
        'a subscription event carrying an invoice',
        envelope('evt_wrong_kind', 'customer.subscription.updated', {
          object: { object: 'invoice', id: 'in_1' },
        }),
      ],
      [
        'a subscription without an id',
        envelope('evt_no_sub_id', 'customer.subscription.deleted', {
          object: { object: 'subscription' },
        }),
      ],
      [
        'an invoice whose subscription is a number',
        envelope('evt_bad_invoice', 'invoice.paid', {
          object: {
            object: 'invoice',
            id: 'in_2',
            parent: { subscription_details: { subscription: 42 } },
          },
        }),
      ],
      ['a type that is not text', { ...envelope('evt_type_number', 'x'), type: 7 }],
    ];
    const before = await stored();
    for (const [name, body] of bodies) {
      const res = await deliverSigned(JSON.stringify(body));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json<{ error: string }>().error, name).toBe('bad_request');
      const requestId = res.headers['x-request-id'];
      const worst = Math.max(...logs.filter((l) => l.reqId === requestId).map((l) => l.level));
      expect(worst, `${name}: log level`).toBeLessThanOrEqual(WARN);
    }
    expect(await stored()).toEqual(before);
  });

  it('acknowledges a well-formed event of a type it does not act on, once, changing nothing else', async () => {
    const before = await stored();
    const body = JSON.stringify(
      envelope('evt_ignored_type', 'charge.refunded', { object: { object: 'charge', id: 'ch_1' } }),
    );
    const first = await deliverSigned(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliverSigned(body);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const after = await stored();
    expect(after.subscriptions).toEqual(before.subscriptions);
    expect(after.events.filter((e) => !before.events.some((o) => o.id === e.id))).toEqual([
      expect.objectContaining({ id: 'evt_ignored_type', type: 'charge.refunded' }),
    ]);
  });

  it('still applies a handled event whose object is well formed', async () => {
    const { h, session } = await b.subscriber(pro);
    const body = JSON.stringify(
      envelope('evt_handled_ok', 'customer.subscription.updated', {
        object: { object: 'subscription', id: session.subscription_id },
      }),
    );
    const res = await deliverSigned(body);
    expect(res.statusCode, res.body).toBe(200);
    const events = await b.t.app.db
      .selectFrom('billing_events')
      .selectAll()
      .where('id', '=', 'evt_handled_ok')
      .execute();
    expect(events).toEqual([expect.objectContaining({ subscription_id: session.subscription_id })]);
    expect((await b.current(h)).subscription?.id).toBe(session.subscription_id);
  });
});
