// Regenerates the session-timeout screenshots: the warning a minute before the sign-out on
// inactivity ("Stay signed in"), and the notice after it, at 1280 and 390 px in both themes.
// Playwright's clock moves the page's time; the server keeps real time. Start a fresh server:
//   npm run build && PORT=3103 DATA_DIR=/tmp/idle-data node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-session-timeout.mjs http://127.0.0.1:3103 /tmp/idle-data /tmp/idle-shots
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const [base, dataDir, out = '/tmp/idle-shots'] = process.argv.slice(2);
if (!base || !dataDir) throw new Error('usage: capture-session-timeout.mjs BASE_URL DATA_DIR [OUT]');
mkdirSync(out, { recursive: true });

const email = `idle-${Date.now().toString(36)}@example.com`;
const password = 'Violet kettle 42 drums';
const post = (url, body) =>
  fetch(`${base}/api/v1${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
await post('/auth/register', { email, password, name: 'Ada Lovelace' });
await new Promise((r) => setTimeout(r, 1000));
const mail = readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8').split('\n').filter((l) => l.includes(email)).at(-1);
const code = /verification code is: (\d{6})/.exec(mail ?? '')?.[1];
if (!(await post('/auth/verify-code', { email, code })).ok) throw new Error('could not verify the account');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844, isMobile: true, hasTouch: true } };
for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const s = sizes[size];
  const ctx = await browser.newContext({ viewport: { width: s.width, height: s.height }, isMobile: !!s.isMobile, hasTouch: !!s.hasTouch, colorScheme: scheme, locale: 'en-US' });
  await ctx.clock.install();
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.error(`${scheme}/${size}: ${m.text()}`));
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForLoadState('networkidle');
  // To the moment the warning is due: a minute before the deadline all tabs share.
  const untilDeadline = await page.evaluate(() => Number(localStorage.getItem('parallax:last-activity')) + 30 * 60_000 - Date.now());
  await ctx.clock.fastForward(Math.round(untilDeadline - 60_000));
  await page.getByRole('status').filter({ hasText: 'Are you still there?' }).waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, `session-timeout-warning-${size}-${scheme}.png`) });
  await ctx.clock.fastForward('01:00');
  await page.getByRole('status').filter({ hasText: 'You were signed out' }).waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, `session-timeout-signed-out-${size}-${scheme}.png`) });
  console.log(`${size}-${scheme}`);
  await ctx.close();
}
await browser.close();
