// Regenerates the feature flags screenshots: /admin/flags at 1280 and 360 px in both themes (one
// flag changed from its default, so "Changed from default" and its last change show), and a chat
// with the "Demo mode" bar the app shows while the mock API flag is on. Start a fresh server:
//   npm run build && PORT=3101 DATA_DIR=/tmp/flags-data ADMIN_EMAILS=admin@example.com \
//     node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-flags.mjs http://127.0.0.1:3101 /tmp/flags-data docs/screenshots
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const [base, dataDir, out = '/tmp/flags-shots'] = process.argv.slice(2);
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
async function account(email) {
  await call('POST', '/auth/register', { email, password: PASSWORD, name: 'Ada Lovelace' });
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

const token = await account('admin@example.com');
const adminState = await signedInState('admin@example.com');
const admin = { authorization: `Bearer ${token}` };
await call('PUT', '/admin/feature-flags/mock_api', { enabled: true }, admin);
// No provider key on this server: GPT-5 mini answers anyway, from the demo model.
const sent = await call('POST', '/chat/messages', { message: 'Explain caching in two short paragraphs [sim tokens=80]', message_id: randomUUID(), provider: 'openai', model: 'gpt-5-mini' }, admin);
await new Promise((r) => setTimeout(r, 4000));

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : ''}-${scheme}`;
    const ctx = await ctxFor(scheme, size, adminState);
    const page = await ctx.newPage();
    await page.goto('/admin/flags', { waitUntil: 'networkidle' });
    await page.getByRole('switch', { name: 'Mock API' }).waitFor({ timeout: 90_000 });
    // Keyboard focus on a switch, as a keyboard user sees it (on a phone it would scroll away the top).
    if (size === 'desktop') await page.getByRole('switch', { name: 'Analytics' }).focus();
    await shot(page, `admin-flags${suffix}`, size === 'desktop');
    await page.goto(`/chats/${sent.conversation_id}`, { waitUntil: 'networkidle' });
    await page.getByRole('status').filter({ hasText: 'Demo mode' }).waitFor({ timeout: 90_000 });
    // The bar takes its room from the chat, not from below the window.
    const tall = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    if (tall > 0) errors.push(`mock-api-notice${suffix}: ${tall}px taller than the window`);
    await shot(page, `mock-api-notice${suffix}`);
    await ctx.close();
  }
}
await browser.close();
console.log(errors.length ? `Problems:\n${errors.join('\n')}` : 'No console errors, no overflow.');
