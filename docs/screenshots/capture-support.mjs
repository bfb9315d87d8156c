// Regenerates the support screenshots: /support (list with an unread reply, a thread) and
// /admin/support (inbox, a thread with an internal note and the user panel), at 1280 and
// 360 px in both themes. Start a fresh server:
//   npm run build && PORT=3107 DATA_DIR=/tmp/support-data ADMIN_EMAILS=admin@example.com node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-support.mjs http://127.0.0.1:3107 /tmp/support-data docs/screenshots
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const [base, dataDir, out = '/tmp/support-shots'] = process.argv.slice(2);
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
const api = async (method, url, body, token) => {
  const res = await fetch(`${base}/api/v1${url}`, { method, headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
};
async function account(email, name) {
  await api('POST', '/auth/register', { email, password: PASSWORD, name });
  await new Promise((r) => setTimeout(r, 500));
  const mail = readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8').split('\n').filter((l) => l.includes(email)).at(-1);
  const code = /verification code is: (\d{6})/.exec(mail)[1];
  return (await api('POST', '/auth/verify-code', { email, code })).access_token;
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

await account('admin@example.com', 'Sam Support');
const adminState = await signedInState('admin@example.com');
const adminToken = (await api('POST', '/auth/login', { email: 'admin@example.com', password: PASSWORD })).access_token;
const userToken = await account('user@example.com', 'Ada Lovelace');
const userState = await signedInState('user@example.com');

await api('POST', '/support/tickets', { subject: 'Invoice for October', category: 'billing', message: 'Could I get an invoice with our company address?' }, userToken);
await api('POST', '/support/tickets', { subject: 'Dark mode for exported PDFs', category: 'feature', message: 'It would be great if exports kept the **dark** theme.' }, userToken);
const bug = await api('POST', '/support/tickets', {
  subject: 'Prompt templates page shows an error',
  category: 'bug',
  error_id: 'err_3f9a1c0b7d2e',
  message: 'Every time I open **Prompt templates** I get the error screen.\n\n1. Open the sidebar\n2. Click *Prompt templates*\n\nIt started this morning.',
}, userToken);
await api('POST', `/admin/support/tickets/${bug.id}/replies`, { message: 'Chunk failed to load after the 9:00 deploy; CDN cache purged.', internal: true }, adminToken);
await api('POST', `/admin/support/tickets/${bug.id}/replies`, { message: 'Thanks for the report and the Error ID! We fixed it: please **reload** the page and let us know if it still happens.' }, adminToken);

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : '-desktop'}-${scheme}`;
    const admin = await ctxFor(scheme, size, adminState);
    const a = await admin.newPage();
    await a.goto('/admin/support', { waitUntil: 'networkidle' });
    await a.getByLabel('Status').selectOption('');
    await a.getByRole('list', { name: 'Tickets' }).waitFor();
    await shot(a, `admin-support-inbox${suffix}`);
    await a.goto(`/admin/support?ticket=${bug.id}`, { waitUntil: 'networkidle' });
    await a.getByText('Internal note', { exact: true }).first().waitFor();
    await shot(a, `admin-support-thread${suffix}`, size === 'desktop');
    await admin.close();

    const user = await ctxFor(scheme, size, userState);
    const u = await user.newPage();
    await u.goto('/support', { waitUntil: 'networkidle' });
    await u.getByRole('list', { name: 'Your tickets' }).waitFor();
    await shot(u, `support-list${suffix}`);
    await u.goto(`/support?ticket=${bug.id}`, { waitUntil: 'networkidle' });
    await u.getByText('We fixed it').waitFor();
    await shot(u, `support-thread${suffix}`, size === 'desktop');
    await u.goto('/support?new=1&error_id=err_3f9a1c0b7d2e', { waitUntil: 'networkidle' });
    await u.getByRole('form', { name: 'New ticket' }).waitFor();
    await shot(u, `support-new-ticket${suffix}`, size === 'desktop');
    await user.close();
  }
}
await browser.close();
console.log(errors.length ? `Problems:\n${errors.join('\n')}` : 'No console errors, no overflow.');
