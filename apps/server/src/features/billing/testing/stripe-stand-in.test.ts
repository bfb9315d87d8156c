import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-form';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

describe('Stripe stand-in, driven by stripe-node', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = new Stripe('sk_test_stand_in', { ...standIn.clientOptions, maxNetworkRetries: 0 });
  });
  afterAll(() => standIn.close());

  it('reads bracketed form keys as stripe-node writes them', () => {
    expect(
      parseStripeForm(
        'name=Pro&metadata[plan_id]=p1&lookup_keys[0]=a&lookup_keys[1]=b&recurring[interval]=month',
      ),
    ).toEqual({
      name: 'Pro',
      metadata: { plan_id: 'p1' },
      lookup_keys: ['a', 'b'],
      recurring: { interval: 'month' },
    });
  });

  it('creates customers and products with prefixed ids, and replays an idempotent create', async () => {
    const customer = await stripe.customers.create(
      { email: 'ada@example.com', metadata: { user_id: 'u1' } },
      { idempotencyKey: 'customer-u1' },
    );
    expect(customer.id).toMatch(/^cus_/);
    const again = await stripe.customers.create(
      { email: 'ada@example.com', metadata: { user_id: 'u1' } },
      { idempotencyKey: 'customer-u1' },
    );
    expect(again.id).toBe(customer.id);
    expect(standIn.customers.size).toBe(1);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      email: 'ada@example.com',
      metadata: { user_id: 'u1' },
    });

    const product = await stripe.products.create({ name: 'Pro', metadata: { plan_id: 'p1' } });
    expect(product).toMatchObject({ object: 'product', active: true, name: 'Pro' });
    expect(product.id).toMatch(/^prod_/);
  });

  it('moves a lookup key to a new price only with transfer_lookup_key, and archives the old one', async () => {
    const product = await stripe.products.create({ name: 'Team' });
    const first = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1500,
      recurring: { interval: 'month' },
      lookup_key: 'plan_team',
    });
    expect(first).toMatchObject({
      object: 'price',
      type: 'recurring',
      lookup_key: 'plan_team',
      recurring: { interval: 'month', interval_count: 1 },
    });

    const taken = stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1900,
      recurring: { interval: 'month' },
      lookup_key: 'plan_team',
    });
    await expect(taken).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'lookup_key',
      statusCode: 400,
    });

    const second = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1900,
      recurring: { interval: 'month' },
      lookup_key: 'plan_team',
      transfer_lookup_key: true,
    });
    await stripe.prices.update(first.id, { active: false });
    const found = await stripe.prices.list({
      lookup_keys: ['plan_team'],
      expand: ['data.product'],
    });
    expect(found.object).toBe('list');
    expect(found.data.map((p) => p.id)).toEqual([second.id]);
    expect((found.data[0]?.product as Stripe.Product).name).toBe('Team');
    expect((await stripe.prices.retrieve(first.id)).active).toBe(false);
    expect((await stripe.prices.list({ product: product.id, active: true })).data).toHaveLength(1);
  });

  it("answers in Stripe's error shapes", async () => {
    await expect(stripe.products.retrieve('prod_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    const anonymous = new Stripe('sk_test_x', { ...standIn.clientOptions, maxNetworkRetries: 0 });
    await expect(anonymous.products.create({ name: '' })).rejects.toMatchObject({
      param: 'name',
      statusCode: 400,
    });
    const badKey = new Stripe('pk_test_not_secret', {
      ...standIn.clientOptions,
      maxNetworkRetries: 0,
    });
    await expect(badKey.products.list()).rejects.toMatchObject({ statusCode: 401 });
  });
});
