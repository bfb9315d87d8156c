// Regenerates the screenshots of a chat inside the vault: its answer streaming in (desktop and
// phone) and the answered chat with its file, in both themes. Start a fresh server:
//   npm run build && PORT=3102 DATA_DIR=/tmp/vault-shots-data node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-vault-chat.mjs http://127.0.0.1:3102 /tmp/vault-shots-data /tmp/vault-shots
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const [base, dataDir, out = '/tmp/vault-shots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const email = `vault-shots-${Date.now().toString(36)}@example.com`;
const password = 'Violet kettle 42 drums';
const pin = '284719';
async function api(method, url, body, headers = {}) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

// The account, its vault and a first chat in it (answered, with a file), through the API.
await api('POST', '/auth/register', { email, password, name: 'Ada Lovelace' });
await new Promise((r) => setTimeout(r, 500));
const mail = readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.includes(email))
  .at(-1);
const code = /verification code is: (\d{6})/.exec(mail ?? '')?.[1];
await api('POST', '/auth/verify-code', { email, code });
const { access_token } = await api('POST', '/auth/login', { email, password });
const auth = { authorization: `Bearer ${access_token}` };
const { vault_token } = await api('POST', '/vault/setup', { pin }, auth);
const form = new FormData();
const fields = {
  message: 'Draft a calm note to my landlord about the broken boiler',
  message_id: randomUUID(),
  provider: 'openai',
  model: 'parallax-demo',
};
for (const [key, value] of Object.entries(fields)) form.append(key, value);
form.append('files[]', new Blob(['Boiler broke on 3 Nov; engineer visit missed twice.'], { type: 'text/plain' }), 'boiler-timeline.txt');
const first = await fetch(`${base}/api/v1/vault/chats/messages/upload`, {
  method: 'POST',
  headers: { ...auth, 'x-vault-token': vault_token },
  body: form,
});
if (!first.ok) throw new Error(`vault send: ${first.status} ${await first.text()}`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844, isMobile: true, hasTouch: true } };
for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const s = sizes[size];
  const ctx = await browser.newContext({ viewport: { width: s.width, height: s.height }, isMobile: !!s.isMobile, hasTouch: !!s.hasTouch, colorScheme: scheme, locale: 'en-US', timezoneId: 'America/New_York' });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.error(`${scheme}/${size}: ${m.text()}`));
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`${base}/vault`, { waitUntil: 'networkidle' });
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('button', { name: 'Lock now' }).waitFor({ timeout: 30000 });
  await page.getByRole('region', { name: 'Chats' }).getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('vault-answer').first().waitFor({ timeout: 30000 });
  await dialog.getByLabel('Message in the vault').fill('Make it shorter and firmer [sim tokens=120 tps=12]');
  await dialog.getByRole('button', { name: 'Send' }).click();
  // Mid-answer: a partial answer, the Stop button.
  const live = dialog.locator('[data-testid="vault-answer"][aria-busy="true"] .markdown');
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="vault-answer"][aria-busy="true"] .markdown')?.textContent ?? '').length > 60,
    null,
    { timeout: 30000 },
  );
  await live.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.evaluate(() => document.fonts.ready);
  const suffix = size === 'phone' ? '-phone' : '';
  await page.screenshot({ path: path.join(out, `vault-chat-streaming${suffix}-${scheme}.png`) });
  console.log(`vault-chat-streaming${suffix}-${scheme}`);
  await dialog.getByRole('button', { name: 'Regenerate' }).waitFor({ timeout: 60000 });
  await page.waitForTimeout(600);
  if (size === 'desktop') {
    await page.screenshot({ path: path.join(out, `vault-chat-${scheme}.png`) });
    console.log(`vault-chat-${scheme}`);
  }
  await ctx.close();
}
await browser.close();
