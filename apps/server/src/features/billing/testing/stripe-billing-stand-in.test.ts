import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from './stripe-objects';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

const SECRET = 'whsec_stand_in_test';

/** The stand-in's billing resources, read through stripe-node's own types and verifier. */
describe('Stripe stand-in billing', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let sink: http.Server;
  const received: Stripe.Event[] = [];

  beforeAll(async () => {
    // A webhook endpoint that verifies each event as the server does.
    sink = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        try {
          received.push(
            stripe.webhooks.constructEvent(
              raw,
              String(req.headers['stripe-signature']),
              SECRET,
              300,
            ),
          );
          res.writeHead(200).end('{}');
        } catch {
          res.writeHead(400).end('{}');
        }
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { port } = sink.address() as AddressInfo;
    standIn = await startStripeStandIn({
      webhook: { url: `http://127.0.0.1:${port}/hook`, secret: SECRET },
    });
    stripe = new Stripe('sk_test_stand_in', { ...standIn.clientOptions, maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  async function subscribe() {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const product = await stripe.products.create({ name: 'Pro' });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1500,
      recurring: { interval: 'month' },
    });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    return { customer, product, price, sub };
  }

  it('creates an incomplete subscription in the current shapes, the secret only when expanded', async () => {
    const { sub, customer } = await subscribe();
    expect(sub.id).toMatch(/^sub_/);
    expect(sub.status).toBe('incomplete');
    const item = sub.items.data[0];
    expect(item?.id).toMatch(/^si_/);
    expect(item?.current_period_end).toBeGreaterThan(item?.current_period_start ?? Infinity);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice.confirmation_secret?.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(invoice.lines.data[0]?.parent?.subscription_item_details?.subscription_item).toBe(
      item?.id,
    );

    const plain = await stripe.invoices.retrieve(invoice.id ?? '');
    expect(plain.confirmation_secret).toBeUndefined();
    expect((await stripe.subscriptions.retrieve(sub.id)).latest_invoice).toBe(invoice.id);
    const list = await stripe.invoices.list({ customer: customer.id });
    expect(list).toMatchObject({ object: 'list', has_more: false });
    expect(list.data.map((i) => i.id)).toEqual([invoice.id]);
  });

  it("answers Stripe's error shape", async () => {
    const error = await stripe.subscriptions.retrieve('sub_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404, param: 'id' });
  });

  it('confirms through the control URL: 3-D Secure first, then paid, with signed events', async () => {
    const { sub } = await subscribe();
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret;
    const confirm = async (body: object) =>
      (
        await fetch(`${standIn.url}/__control/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const declined = await confirm({ client_secret: secret, card: TEST_CARDS.declined });
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      error: { code: 'card_declined', message: 'Your card has insufficient funds.' },
    });
    expect(await confirm({ client_secret: secret, card: TEST_CARDS.requiresAction })).toMatchObject(
      {
        status: 'requires_action',
      },
    );
    expect(
      await confirm({
        client_secret: secret,
        card: TEST_CARDS.requiresAction,
        authenticated: true,
      }),
    ).toMatchObject({ status: 'succeeded', error: null });

    const paid = await stripe.subscriptions.retrieve(sub.id, {
      expand: ['default_payment_method'],
    });
    expect(paid.status).toBe('active');
    expect((paid.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('3155');
    const mine = received.filter((e) => {
      const object = e.data.object as { id?: string; parent?: Stripe.Invoice['parent'] };
      return object.id === sub.id || object.parent?.subscription_details?.subscription === sub.id;
    });
    expect(mine.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.payment_failed',
      'invoice.payment_action_required',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect(mine.every((e) => e.id.startsWith('evt_'))).toBe(true);
  });

  it('previews a plan change with proration lines and renews through advance_period', async () => {
    const { sub, product } = await subscribe();
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret ?? '';
    await standIn.billing.confirm(secret, TEST_CARDS.succeeds);
    const bigger = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 3000,
      recurring: { interval: 'month' },
    });
    const item = sub.items.data[0]?.id ?? '';
    const preview = await stripe.invoices.createPreview({
      customer: String(sub.customer),
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item, price: bigger.id }],
        proration_behavior: 'always_invoice',
      },
    });
    const prorations = preview.lines.data.filter(
      (l) => l.parent?.subscription_item_details?.proration,
    );
    expect(prorations.map((l) => Math.sign(l.amount))).toEqual([-1, 1]);
    expect(preview.total).toBe(prorations.reduce((sum, l) => sum + l.amount, 0));

    const response = await fetch(`${standIn.url}/__control/advance_period`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: sub.id }),
    });
    expect(response.status).toBe(200);
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => i.status)).toEqual(['paid', 'paid']);
    const portal = await stripe.billingPortal.sessions.create({
      customer: String(sub.customer),
      return_url: 'http://localhost/subscription/manage',
    });
    expect(portal.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\/bps_/);
  });
});
