// Regenerates the admin console screenshots: /admin (dashboard), /admin/ai-management,
// /admin/users, /admin/audit and /admin/subscriptions (its navigation), at 1280 and 360 px in both themes. Start provider-sim and a
// fresh server that may reach it:
//   SIM_PORT=4107 npm run sim -w packages/provider-sim &
//   npm run build && PORT=3107 DATA_DIR=/tmp/admin-data ADMIN_EMAILS=admin@example.com \
//     ALLOW_PRIVATE_PROVIDER_URLS=true node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-admin.mjs http://127.0.0.1:3107 /tmp/admin-data http://127.0.0.1:4107 /tmp/admin-shots
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const [base, dataDir, simUrl, out = '/tmp/admin-shots'] = process.argv.slice(2);
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
  await page.waitForTimeout(1200);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) errors.push(`${name}: ${overflow}px horizontal overflow`);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  console.log(name);
};
const call = async (method, url, body, headers = {}) => {
  const res = await fetch(`${base}/api/v1${url}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body && { body: JSON.stringify(body) }) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
};
async function account(email, verify = true) {
  await call('POST', '/auth/register', { email, password: PASSWORD, name: 'Ada Lovelace' });
  if (!verify) return undefined;
  await new Promise((r) => setTimeout(r, 500));
  const mail = readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8').split('\n').filter((l) => l.includes(email)).at(-1);
  const code = /verification code is: (\d{6})/.exec(mail)[1];
  return (await call('POST', '/auth/verify-code', { email, code })).access_token;
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
const admin = { authorization: `Bearer ${(await call('POST', '/auth/login', { email: 'admin@example.com', password: PASSWORD })).access_token}` };
await call('PATCH', '/admin/providers/openai', { api_key: 'sk-sample-openai-key-4f2a', base_url: `${simUrl}/v1` }, admin);
await call('PATCH', '/admin/providers/anthropic', { api_key: 'sk-ant-sample-key-77c1', base_url: `${simUrl}/v1` }, admin);
await call('PATCH', '/admin/models/gpt-5-mini', { is_default: true }, admin);
await call('PATCH', '/admin/models/grok-3-mini', { enabled: false }, admin);
const visitor = () => ({ 'x-visitor-id': `visitor_${randomBytes(16).toString('hex')}` });
const send = (model, text) => call('POST', '/chat/messages', { message: text, message_id: randomUUID(), provider: model[0], model: model[1] }, visitor());
for (let i = 0; i < 5; i += 1) await send(['openai', 'gpt-5-mini'], `Sample question ${i} [sim tokens=40]`);
for (let i = 0; i < 3; i += 1) await send(['anthropic', 'claude-haiku-4-5'], `Another question ${i} [sim tokens=60]`);
await send(['openai', 'gpt-5'], 'This one fails [sim fault=429]');
for (const name of ['grace', 'alan', 'edsger']) await account(`${name}@example.com`);
await account('pending@example.com', false);
const users = await call('GET', '/admin/users?q=alan', undefined, admin);
await call('PATCH', `/admin/users/${users.users[0].id}`, { disabled: true }, admin);
await new Promise((r) => setTimeout(r, 1500));

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : ''}-${scheme}`;
    const ctx = await ctxFor(scheme, size, adminState);
    const page = await ctx.newPage();
    await page.goto('/admin', { waitUntil: 'networkidle' });
    await page.getByText('Messages today').waitFor();
    await shot(page, `admin-dashboard${suffix}`, size === 'desktop');
    await page.goto('/admin/ai-management', { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'OpenAI', exact: true }).getByRole('button', { name: 'Test connection' }).click();
    await page.getByText(/Connected in/).waitFor();
    await shot(page, `admin-ai-management${suffix}`, size === 'desktop');
    await page.goto('/admin/users', { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Users' }).getByRole('button', { name: 'Details' }).first().click();
    await shot(page, `admin-users${suffix}`, size === 'desktop');
    await page.goto('/admin/audit', { waitUntil: 'networkidle' });
    await page.locator('summary').first().click();
    await shot(page, `admin-audit${suffix}`, size === 'desktop');
    // The admin navigation on a billing screen (its content, with subscribers, has its own script).
    await page.goto('/admin/subscriptions', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await shot(page, `admin-nav-subscriptions-${size}-${scheme}`);
    await ctx.close();
  }
}
await browser.close();
console.log(errors.length ? `Problems:\n${errors.join('\n')}` : 'No console errors, no overflow.');
