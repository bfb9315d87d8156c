import type {
  CreatedApiKey,
  ModelsResponse,
  Plan,
  RemainingMessagesResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBody } from '../../../test/chat';
import { createBillingTestApp, type BillingTestApp } from './testing/billing-test-app';

const FREE_DAILY = 2;
const DAY_MS = 86_400_000;

/**
 * The plan a paid subscription grants is the plan every route applies (web chat, compare, the
 * models offered, API keys and the OpenAI-compatible API), from the webhook on; when the grace
 * of a failed renewal is over, every route is back on the free plan.
 */
describe('limits follow the subscribed plan', () => {
  let b: BillingTestApp;
  let team: Plan;

  beforeAll(async () => {
    b = await createBillingTestApp({ FREE_DAILY_LIMIT: String(FREE_DAILY) });
    // A narrow free plan, so each route shows the difference.
    await b.ok('PATCH', '/admin/plans/free', b.admin, {
      allowed_models: ['gpt-5-mini'],
      compare_panels: 2,
      api_access: false,
    });
    team = await b.createPlan({
      name: 'Team',
      price: 5000,
      daily_message_limit: null,
      compare_panels: 4,
      api_access: true,
    });
  });
  afterAll(() => b?.close());

  it('applies the paid plan on every route once paid, and the free plan after the grace', async () => {
    const { h, session, userId } = await b.subscriber(team);
    const models = async () =>
      (await b.ok<ModelsResponse>('GET', '/models', h)).models.find((m) => m.id === 'gpt-5')
        ?.available;
    const compare3 = () =>
      b.call('POST', '/compare/sessions', h, {
        models: ['gpt-5-mini', 'gpt-5-mini', 'gpt-5-mini'],
      });
    const sendWith = (model: string) =>
      b.call('POST', '/chat/messages', h, sendBody('hi [sim tokens=2]', { model }));

    // Checkout started, nothing paid: still the free plan everywhere.
    expect(await models()).toBe(false);
    expect((await compare3()).statusCode).toBe(422);
    expect((await sendWith('gpt-5')).statusCode).toBe(422);
    expect((await b.call('POST', '/api-keys', h, { name: 'k' })).statusCode).toBe(403);

    await b.standIn.billing.confirm(session.client_secret ?? '', '4242424242424242');

    expect(await models()).toBe(true);
    expect((await compare3()).statusCode).toBe(201);
    for (let i = 0; i < FREE_DAILY + 2; i++) expect((await sendWith('gpt-5')).statusCode).toBe(200);
    expect(
      await b.ok<RemainingMessagesResponse>('GET', '/chat/remaining-messages', h),
    ).toMatchObject({ daily_limit: null });
    const key = await b.ok<CreatedApiKey>('POST', '/api-keys', h, { name: 'k' });
    const complete = () =>
      b.t.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${key.secret}` },
        payload: { model: 'gpt-5', messages: [{ role: 'user', content: 'hi [sim tokens=2]' }] },
      });
    expect((await complete()).statusCode).toBe(200);

    // A failed renewal keeps the plan during the grace period...
    const customer = String(b.standIn.billing.subscriptions.get(session.subscription_id)?.customer);
    b.standIn.billing.chargeOutcome.set(customer, 'decline');
    await b.standIn.billing.advancePeriod(session.subscription_id);
    expect((await b.current(h)).subscription?.status).toBe('past_due');
    expect(await models()).toBe(true);
    expect((await complete()).statusCode).toBe(200);

    // ...and once it is over (as if days passed), every route is on the free plan again.
    await b.t.app.db
      .updateTable('users')
      .set({ plan_until: new Date(Date.now() - DAY_MS).toISOString() })
      .where('id', '=', userId)
      .execute();
    expect(await models()).toBe(false);
    expect((await compare3()).statusCode).toBe(422);
    expect((await sendWith('gpt-5')).statusCode).toBe(422);
    const refused = await complete();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'plan_without_api_access' } });
  });
});
