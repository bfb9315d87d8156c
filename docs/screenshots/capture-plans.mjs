// Regenerates the plans screenshots: /pricing for a visitor and for a signed-in user (free plan
// marked, the "payments are not configured" dialog), /admin/plans and its plan form, at 1280
// and 360 px in both themes. Start a fresh server without Stripe keys:
//   npm run build && PORT=3105 DATA_DIR=/tmp/plans-data ADMIN_EMAILS=admin@example.com node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-plans.mjs http://127.0.0.1:3105 /tmp/plans-data /tmp/plans-shots
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const [base, dataDir, out = '/tmp/plans-shots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const PASSWORD = 'Violet kettle 42 drums';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const sizes = { desktop: { width: 1280, height: 900 }, phone: { width: 360, height: 800, isMobile: true, hasTouch: true } };
const errors = [];
async function ctxFor(scheme, size, storageState) {
  const s = sizes[size];
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: s.width, height: s.height }, isMobile: !!s.isMobile, hasTouch: !!s.hasTouch, colorScheme: scheme, locale: 'en-US', ...(storageState && { storageState }) });
  ctx.on('page', (p) => { p.on('console', (m) => m.type() === 'error' && errors.push(`${scheme}/${size} ${p.url()}: ${m.text()}`)); p.on('pageerror', (e) => errors.push(String(e))); });
  return ctx;
}
const shot = async (page, name, fullPage = false) => {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(900);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) errors.push(`${name}: ${overflow}px horizontal overflow`);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  console.log(name);
};
const api = async (url, body, token) => {
  const res = await fetch(`${base}/api/v1${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
};
async function account(email) {
  await api('/auth/register', { email, password: PASSWORD, name: 'Ada Lovelace' });
  await new Promise((r) => setTimeout(r, 500));
  const mail = readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8').split('\n').filter((l) => l.includes(email)).at(-1);
  const code = /verification code is: (\d{6})/.exec(mail)[1];
  return (await api('/auth/verify-code', { email, code })).access_token;
}
async function signedInState(email) {
  const ctx = await ctxFor('light', 'desktop');
  const page = await ctx.newPage();
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const state = await ctx.storageState();
  await ctx.close();
  return state;
}

await account('admin@example.com');
const adminState = await signedInState('admin@example.com');
// The admin token of the UI sign-in (ADMIN_EMAILS applies at sign-in) creates the sample plans.
const adminToken = (await api('/auth/login', { email: 'admin@example.com', password: PASSWORD })).access_token;
const plans = [
  { name: 'Plus', description: 'For everyday work with the best models.', price: 900, daily_message_limit: 300, compare_panels: 4, features: ['Priority answers at busy times'] },
  { name: 'Pro', description: 'For people who live in the compare view.', price: 2400, daily_message_limit: null, compare_panels: 6, api_key_limit: 10, features: ['Priority answers at busy times', 'Early access to new models'] },
  { name: 'Plus yearly', description: 'Plus, two months free.', price: 9000, interval: 'year', daily_message_limit: 300, compare_panels: 4, features: ['Priority answers at busy times'] },
];
for (const plan of plans) await api('/admin/plans', plan, adminToken);
await account('user@example.com');
const userState = await signedInState('user@example.com');

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : ''}-${scheme}`;
    const visitor = await ctxFor(scheme, size);
    const v = await visitor.newPage();
    await v.goto('/pricing', { waitUntil: 'networkidle' });
    await shot(v, `pricing-visitor${suffix}`, size === 'desktop');
    await visitor.close();

    const user = await ctxFor(scheme, size, userState);
    const u = await user.newPage();
    await u.goto('/pricing', { waitUntil: 'networkidle' });
    await shot(u, `pricing-current-plan${suffix}`, size === 'desktop');
    await u.getByRole('button', { name: 'Choose Pro' }).click();
    await u.getByRole('dialog').waitFor();
    await shot(u, `pricing-payments-not-configured${suffix}`);
    await user.close();

    const admin = await ctxFor(scheme, size, adminState);
    const a = await admin.newPage();
    await a.goto('/admin/plans', { waitUntil: 'networkidle' });
    await a.getByText('Free plan').waitFor();
    await shot(a, `admin-plans${suffix}`);
    await a.getByRole('button', { name: 'Edit' }).nth(1).click();
    await a.getByRole('dialog').waitFor();
    await shot(a, `admin-plans-edit${suffix}`);
    await admin.close();
  }
}
await browser.close();
console.log(errors.length ? `Problems:\n${errors.join('\n')}` : 'No console errors, no overflow.');
