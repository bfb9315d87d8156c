import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail, apiToken } from './support/accounts';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';
import { installStripeDouble } from './support/stripe-double';
import {
  startStripeStandInProcess,
  type StripeStandInProcess,
} from './support/stripe-stand-in-process';
import { startWebhookRelay, type WebhookRelay } from './support/webhook-relay';
import { answerCount, submitPrompt } from './support/thread';

const ADMIN = uniqueEmail('checkout-admin');
const WEBHOOK_SECRET = 'whsec_browser_suite';
let browser: Browser;
let stripe: StripeStandInProcess;
let webhooks: WebhookRelay;
let server: RunningServer;

beforeAll(async () => {
  webhooks = await startWebhookRelay();
  stripe = await startStripeStandInProcess(webhooks.url, WEBHOOK_SECRET);
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ADMIN_EMAILS: ADMIN,
      FREE_DAILY_LIMIT: '1',
      STRIPE_SECRET_KEY: 'sk_test_browser_suite',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_browser_suite',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    }),
  ]);
  // Stripe's webhooks reach the server as they would in production: signed, over HTTP.
  webhooks.target = `${server.url}/api/v1/billing/webhook`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.stop();
  await webhooks?.close();
});

/** The admin and the paid plans, made once by the first test that needs them. */
let plansMade: Promise<string> | undefined;
const ensureProPlan = () => (plansMade ??= createPlans());

async function createPlans(): Promise<string> {
  await registerVerified(server, ADMIN, PASSWORD);
  const token = await accessToken(ADMIN);
  const create = async (plan: object) => {
    const res = await fetch(`${server.url}/api/v1/admin/plans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(plan),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const pro = await create({
    name: 'Pro',
    price: 900,
    daily_message_limit: 5,
    features: ['Priority answers'],
  });
  await create({ name: 'Max', price: 2400, daily_message_limit: null });
  return pro;
}

const accessToken = (email: string): Promise<string> => apiToken(server, email);

async function signedInTab(email: string): Promise<Tab> {
  await registerVerified(server, email, PASSWORD);
  const tab = await openTab(browser, server.url);
  await installStripeDouble(tab.context, stripe.url);
  await signIn(tab.page, email, PASSWORD);
  return tab;
}

async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settled(page);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Sends from the composer of the open chat and waits for the demo model's answer. */
async function send(page: Page, text: string): Promise<void> {
  const before = await answerCount(page);
  await submitPrompt(page, text);
  await expect.poll(() => answerCount(page), { timeout: 40_000 }).toBe(before + 1);
  await expect
    .poll(() => page.locator('[data-role="assistant"]').last().getAttribute('data-status'), {
      timeout: 40_000,
    })
    .toBe('completed');
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

/**
 * Who subscribed in the two checkouts, for the admin's test: a retried checkout subscribes a
 * second account, so that test finds these two by email rather than counting every row.
 */
const subscribed = { paid: '', secure: '' };

describe('card checkout', () => {
  it('a declined card shows Stripe’s message; 4242… pays; the plan arrives by webhook and lifts the daily limit', async () => {
    const proPlanId = await ensureProPlan();
    const email = uniqueEmail('checkout-4242');
    const t = await signedInTab(email);
    try {
      // The free plan's one message a day, then the limit and the way to the plans.
      await t.page.goto('/', { waitUntil: 'networkidle' });
      await submitPrompt(t.page, 'First message');
      await t.page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
      const chatPath = new URL(t.page.url()).pathname;
      await expect
        .poll(() => t.page.locator('[data-role="assistant"][data-status="completed"]').count(), {
          timeout: 40_000,
        })
        .toBe(1);
      await submitPrompt(t.page, 'Second message');
      const limit = t.page.getByRole('dialog', { name: 'Daily message limit reached' });
      await limit.getByRole('link', { name: 'See plans' }).click();
      await t.page.waitForURL((url) => url.pathname === '/pricing');
      await t.page.getByRole('button', { name: 'Choose Pro' }).click();
      await t.page.waitForURL((url) => url.pathname === `/subscription/checkout/${proPlanId}`);

      // The order and the card form (Stripe's PaymentElement, here the double).
      const summary = t.page.getByRole('region', { name: 'Order summary' });
      await summary.getByText('Pro', { exact: true }).waitFor();
      await summary.getByText('5 messages a day').waitFor();
      const pay = t.page.getByRole('button', { name: 'Pay $9' });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await expectAccessible(t.page);

      // An incomplete form is Stripe's to point out; a declined card is Stripe's to explain.
      await pay.click();
      await t.page.getByText('Your card number is incomplete.').first().waitFor();
      await fillCard(t.page, '4000 0000 0000 9995');
      await pay.click();
      await t.page
        .getByRole('alert')
        .filter({ hasText: 'Your card has insufficient funds.' })
        .waitFor();
      expect(new URL(t.page.url()).pathname).toBe(`/subscription/checkout/${proPlanId}`);

      // Webhooks held back: the success page shows the wait, not the browser's word.
      webhooks.hold = true;
      await fillCard(t.page, '4242 4242 4242 4242');
      await pay.click();
      await t.page.waitForURL((url) => url.pathname === '/subscription/success');
      await t.page.getByRole('heading', { name: 'Confirming your payment…' }).waitFor();
      await t.page.waitForTimeout(2_500);
      await t.page.getByRole('heading', { name: 'Confirming your payment…' }).waitFor();
      await webhooks.release();
      await t.page.getByRole('heading', { name: 'You are on Pro' }).waitFor({ timeout: 20_000 });

      // More messages than the free plan allowed.
      await t.page.goto(chatPath, { waitUntil: 'networkidle' });
      await send(t.page, 'Second message');
      await send(t.page, 'Third message');
      expect(
        await t.page.getByRole('dialog', { name: 'Daily message limit reached' }).count(),
      ).toBe(0);

      // /subscription/manage: the plan, the renewal, the card Stripe saved, the paid invoice.
      await t.page.goto('/subscription/manage', { waitUntil: 'networkidle' });
      const plan = t.page.getByRole('region', { name: 'Pro' });
      await plan.getByText('Active', { exact: true }).waitFor();
      await plan.getByText('Renews on').waitFor();
      await plan.getByText('Visa ending in 4242').waitFor();
      const invoices = t.page.getByRole('region', { name: 'Invoices' });
      await invoices.getByText('Paid', { exact: true }).first().waitFor();
      await invoices.getByText('$9').first().waitFor();
      await expectAccessible(t.page);

      // Cancel at the period's end, then take it back.
      await plan.getByRole('button', { name: 'Cancel subscription' }).click();
      await t.page
        .getByRole('dialog', { name: 'Cancel Pro?' })
        .getByRole('button', { name: 'Cancel at period end' })
        .click();
      await plan.getByText('Cancels at period end').waitFor();
      await plan.getByText('Ends on').waitFor();
      await plan.getByRole('button', { name: 'Keep subscription' }).click();
      await plan.getByText('Renews on').waitFor();
      expect(await plan.getByText('Cancels at period end').count()).toBe(0);

      // Another plan: Stripe's proration preview first, then the switch.
      await plan.getByRole('button', { name: 'Change plan' }).click();
      const change = t.page.getByRole('dialog', { name: 'Change plan' });
      await change.getByRole('radio', { name: /Max/ }).check();
      await change.getByText('Charged now').waitFor();
      await change.getByText(/Remaining time on Max/).waitFor();
      await change.getByRole('button', { name: 'Switch to Max' }).click();
      await change.waitFor({ state: 'detached' });
      const max = t.page.getByRole('region', { name: 'Max' });
      await max.getByText('$24 / month').waitFor({ timeout: 20_000 });

      // A new card through a SetupIntent, with 3-D Secure on the way.
      await max.getByRole('button', { name: 'Update card' }).click();
      await expect
        .poll(() => max.getByRole('button', { name: 'Save card' }).isEnabled())
        .toBe(true);
      await fillCard(t.page, '4000 0025 0000 3155');
      await max.getByRole('button', { name: 'Save card' }).click();
      await t.page
        .getByRole('dialog', { name: '3D Secure 2 Test Page' })
        .getByRole('button', { name: 'Complete authentication' })
        .click();
      await max.getByText('Visa ending in 3155').waitFor({ timeout: 20_000 });
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
      subscribed.paid = email;
    } finally {
      await t.context.close();
    }
  }, 180_000);

  it('4000 0025 0000 3155 asks for 3-D Secure: a failed check says so, a completed one pays', async () => {
    const proPlanId = await ensureProPlan();
    const email = uniqueEmail('checkout-3ds');
    const t = await signedInTab(email);
    try {
      await t.page.goto(`/subscription/checkout/${proPlanId}`, { waitUntil: 'networkidle' });
      const pay = t.page.getByRole('button', { name: 'Pay $9' });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await fillCard(t.page, '4000 0025 0000 3155');

      await pay.click();
      const challenge = t.page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
      await challenge.getByRole('button', { name: 'Fail authentication' }).click();
      await t.page
        .getByRole('alert')
        .filter({ hasText: 'We are unable to authenticate your payment method.' })
        .waitFor();

      await pay.click();
      await challenge.getByRole('button', { name: 'Complete authentication' }).click();
      await t.page.waitForURL((url) => url.pathname === '/subscription/success');
      await t.page.getByRole('heading', { name: 'You are on Pro' }).waitFor({ timeout: 20_000 });
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
      subscribed.secure = email;
    } finally {
      await t.context.close();
    }
  }, 120_000);

  it('an admin finds subscriptions by email and status, reads one, and cancels it', async () => {
    await ensureProPlan();
    const { paid, secure } = subscribed;
    expect(paid && secure, 'the two checkouts above subscribed').toBeTruthy();
    const admin = await openTab(browser, server.url);
    try {
      await signIn(admin.page, ADMIN, PASSWORD);
      await admin.page.goto('/admin/subscriptions', { waitUntil: 'networkidle' });
      await admin.page.getByText('Active subscribers').waitFor();
      const table = admin.page.getByRole('table', { name: 'Subscriptions' });
      await table.getByRole('button', { name: paid }).waitFor();
      await table.getByRole('button', { name: secure }).waitFor();

      await admin.page.getByPlaceholder('Search by email').fill(secure);
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      const row = table.getByRole('button', { name: secure });
      await row.click();
      const detail = admin.page.getByRole('dialog', { name: secure });
      await detail.getByText('invoice.paid').first().waitFor();
      await detail.getByText('Paid', { exact: true }).first().waitFor();
      await expectAccessible(admin.page);

      await detail.getByRole('button', { name: 'Cancel subscription' }).click();
      await admin.page
        .getByRole('dialog', { name: 'Cancel this subscription now?' })
        .getByRole('button', { name: 'Cancel now' })
        .click();
      await detail.getByText('Cancelled', { exact: true }).waitFor({ timeout: 20_000 });
      await admin.page.keyboard.press('Escape');

      await admin.page.getByPlaceholder('Search by email').fill('');
      await admin.page.getByLabel('Status').selectOption('active');
      await table.getByRole('button', { name: paid }).waitFor();
      await expect.poll(() => table.getByRole('button', { name: secure }).count()).toBe(0);
      expect(admin.errors, admin.errors.join(' | ')).toEqual([]);
    } finally {
      await admin.context.close();
    }
  }, 120_000);
  it('a failed renewal keeps the plan with a banner until the overdue invoice is paid', async () => {
    const proPlanId = await ensureProPlan();
    const email = uniqueEmail('checkout-renewal');
    const t = await signedInTab(email);
    try {
      await t.page.goto(`/subscription/checkout/${proPlanId}`, { waitUntil: 'networkidle' });
      const pay = t.page.getByRole('button', { name: 'Pay $9' });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await fillCard(t.page, '4242 4242 4242 4242');
      await pay.click();
      await t.page.getByRole('heading', { name: 'You are on Pro' }).waitFor({ timeout: 20_000 });

      // Stripe's renewal charge fails (the stand-in's controls stand for the passing month).
      const adminToken = await accessToken(ADMIN);
      const list = (await (
        await fetch(`${server.url}/api/v1/admin/subscriptions?q=${encodeURIComponent(email)}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).json()) as { subscriptions: Array<{ id: string }> };
      const subscriptionId = list.subscriptions[0]?.id ?? '';
      const detail = (await (
        await fetch(`${server.url}/api/v1/admin/subscriptions/${subscriptionId}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).json()) as { subscription: { customer_id: string } };
      const control = (action: string, body: object) =>
        fetch(`${stripe.url}/__control/${action}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      await control('charge_outcome', {
        customer: detail.subscription.customer_id,
        outcome: 'decline',
      });
      await control('advance_period', { subscription: subscriptionId });

      await t.page.goto('/subscription/manage', { waitUntil: 'networkidle' });
      const banner = t.page.getByRole('alert').filter({ hasText: 'Your last payment failed' });
      await banner.getByText(/You keep Pro until/).waitFor();
      await t.page.getByRole('region', { name: 'Pro' }).getByText('Past due').waitFor();
      await expectAccessible(t.page);

      await banner.getByRole('link', { name: 'Pay now' }).click();
      await t.page.waitForURL((url) => url.pathname === `/subscription/${subscriptionId}/payment`);
      await t.page.getByRole('heading', { name: 'Pay the overdue invoice' }).waitFor();
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await fillCard(t.page, '4242 4242 4242 4242');
      await pay.click();
      await t.page.waitForURL((url) => url.pathname === '/subscription/success');
      await t.page.goto('/subscription/manage', { waitUntil: 'networkidle' });
      await t.page
        .getByRole('region', { name: 'Pro' })
        .getByText('Active', { exact: true })
        .waitFor();
      expect(await t.page.getByText('Your last payment failed').count()).toBe(0);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);
});
