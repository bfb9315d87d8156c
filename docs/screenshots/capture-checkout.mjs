// Regenerates the card checkout screenshots: the checkout's card form, a declined card, the 3-D
// Secure window, /subscription/manage and /admin/subscriptions (with a subscription's detail), at
// 1280 and 360 px in both themes. Stripe is the server's stand-in, the browser's Stripe.js the
// test double of the browser suite (apps/web/e2e/support/stripe-double.ts). Start, on free ports:
//   npm run build
//   npx tsx apps/server/scripts/stripe-stand-in.ts --port 12111 \
//     --webhook http://127.0.0.1:3107/api/v1/billing/webhook --secret whsec_shots
//   PORT=3107 DATA_DIR=/tmp/checkout-data ADMIN_EMAILS=admin@example.com STRIPE_SECRET_KEY=sk_test_shots \
//     STRIPE_PUBLISHABLE_KEY=pk_test_shots STRIPE_WEBHOOK_SECRET=whsec_shots \
//     STRIPE_API_BASE=http://127.0.0.1:12111 node apps/server/dist/main.js
// then, from the repository root (Node 24 strips the double's types; Debian's chromium):
//   node docs/screenshots/capture-checkout.mjs http://127.0.0.1:3107 /tmp/checkout-data \
//     http://127.0.0.1:12111 /tmp/checkout-shots
import { captureKit } from './capture-kit.mjs';
import { installStripeDouble } from '../../apps/web/e2e/support/stripe-double.ts';
const [base, dataDir, standIn, out = '/tmp/checkout-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, dataDir, out, onContext: (ctx) => installStripeDouble(ctx, standIn) });
const { api, signedInAccount, ctxFor, shot } = kit;

async function fillCard(page, number) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

const { state: adminState, auth: asAdmin } = await signedInAccount('admin@example.com');
const plans = [
  { name: 'Plus', description: 'For everyday work with the best models.', price: 900, daily_message_limit: 300, compare_panels: 4, features: ['Priority answers at busy times'] },
  { name: 'Pro', description: 'For people who live in the compare view.', price: 2400, daily_message_limit: null, compare_panels: 6, api_key_limit: 10, features: ['Priority answers at busy times', 'Early access to new models'] },
];
const created = [];
for (const plan of plans) created.push(await api('POST', '/admin/plans', plan, asAdmin));
const pro = created[1];

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : '-desktop'}-${scheme}`;
    const email = `${scheme}-${size}@example.com`;
    const ctx = await ctxFor(scheme, size, (await signedInAccount(email)).state);
    const page = await ctx.newPage();
    await page.goto(`/subscription/checkout/${pro.id}`, { waitUntil: 'networkidle' });
    const pay = page.getByRole('button', { name: /^Pay / });
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay ') && !b.disabled));
    await fillCard(page, '4242 4242 4242 4242');
    await shot(page, `checkout-card-form${suffix}`, { fullPage: size === 'desktop' });
    await fillCard(page, '4000 0000 0000 9995');
    await pay.click();
    await page.getByRole('alert').filter({ hasText: 'insufficient funds' }).waitFor();
    await shot(page, `checkout-declined${suffix}`, { fullPage: size === 'desktop' });
    await fillCard(page, '4000 0025 0000 3155');
    await pay.click();
    const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await challenge.waitFor();
    await shot(page, `checkout-3d-secure${suffix}`);
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByRole('heading', { name: /^You are on / }).waitFor({ timeout: 20_000 });
    await shot(page, `subscription-success${suffix}`);
    await page.goto('/subscription/manage', { waitUntil: 'networkidle' });
    await page.getByText('Visa ending in 3155').waitFor();
    await shot(page, `subscription-manage${suffix}`, { fullPage: size === 'desktop' });
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('radio').first().check();
    await page.getByText('Charged now').waitFor();
    await shot(page, `subscription-change-plan${suffix}`);
    await ctx.close();
  }
}

// One more subscriber who stopped at the card form, for the admin's list.
{
  const ctx = await ctxFor('light', 'desktop', (await signedInAccount('stopped@example.com')).state);
  const page = await ctx.newPage();
  await page.goto(`/subscription/checkout/${created[0].id}`, { waitUntil: 'networkidle' });
  await page.getByLabel('Card number').waitFor();
  await ctx.close();
}

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : '-desktop'}-${scheme}`;
    const admin = await ctxFor(scheme, size, adminState);
    const a = await admin.newPage();
    await a.goto('/admin/subscriptions', { waitUntil: 'networkidle' });
    await a.getByRole('table', { name: 'Subscriptions' }).waitFor();
    await shot(a, `admin-subscriptions${suffix}`, { fullPage: size === 'desktop' });
    await a.getByRole('button', { name: 'light-desktop@example.com' }).click();
    await a.getByText('invoice.paid').first().waitFor();
    await shot(a, `admin-subscription-detail${suffix}`);
    await admin.close();
  }
}
await kit.finish();
