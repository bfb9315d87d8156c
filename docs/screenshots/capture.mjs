// Regenerates the chat screenshots in this folder: a chat with recent chats, /chats, the "?"
// dialog, a comparison running on a phone and the rate-limit modal, at 1280 and 390 px in both
// themes. The visitor it plays spends exactly its allowance, so start a fresh server with:
//   npm run build && PORT=3102 DATA_DIR=/tmp/shots-data VISITOR_DAILY_LIMIT=9 FREE_DAILY_LIMIT=50 node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture.mjs http://127.0.0.1:3102 /tmp/shots
//   for f in /tmp/shots/*.png; do pngquant --quality=70-95 --force --output docs/screenshots/$(basename $f) $f; done
import { SIZES_390, captureKit, until } from './capture-kit.mjs';
const [base, out = '/tmp/shots'] = process.argv.slice(2);
const kit = await captureKit({ base, out, sizes: SIZES_390, timezoneId: 'America/New_York' });
const { ctxFor, shot } = kit;
const composer = (page) => page.getByLabel('Message', { exact: true });
const lastStatus = (page) => page.locator('[data-role="assistant"]').last().getAttribute('data-status');

// Set-up: a visitor with a few chats.
const setup = await ctxFor('light', 'desktop');
const page = await setup.newPage();
const prompts = [
  'Plan a relaxed three-day trip to Lisbon with food, trams and viewpoints [sim tokens=40]',
  'Write a haiku about autumn rain [sim tokens=20]',
  'Compare SQL and NoSQL databases for a small analytics product [sim tokens=40]',
  'Draft a friendly email asking the team to move our weekly sync to Thursday [sim tokens=40]',
  'Explain how public-key cryptography works, with a simple analogy and a worked example [sim tokens=160]',
];
let chatPath = '';
for (const text of prompts) {
  await page.goto('/', { waitUntil: 'networkidle' });
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await page.waitForURL((u) => u.pathname.startsWith('/chats/'));
  await until(async () => (await lastStatus(page)) === 'completed');
  chatPath = new URL(page.url()).pathname;
  await page.waitForTimeout(1200);
}
const state = await setup.storageState();
await setup.close();

for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const ctx = await ctxFor(scheme, size, state);
  const p = await ctx.newPage();
  await p.goto(chatPath, { waitUntil: 'networkidle' });
  await shot(p, `chat-${size}-${scheme}`);
  if (size === 'phone') {
    await p.getByRole('button', { name: /menu|navigation/i }).first().click();
    await shot(p, `chat-drawer-${size}-${scheme}`);
    await p.keyboard.press('Escape');
  }
  await p.goto('/chats', { waitUntil: 'networkidle' });
  await shot(p, `chats-${size}-${scheme}`);
  await p.locator('body').click({ position: { x: 5, y: 300 } }).catch(() => undefined);
  await p.keyboard.press('Shift+?');
  await p.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await shot(p, `shortcuts-${size}-${scheme}`);
  await ctx.close();
}

// A running comparison on a phone (spends 2 units each).
for (const scheme of ['light', 'dark']) {
  const ctx = await ctxFor(scheme, 'phone', state);
  const p = await ctx.newPage();
  await p.goto('/compare', { waitUntil: 'networkidle' });
  for (const name of ['Offline demo (simulated)', 'Offline demo, concise (simulated)']) await p.getByRole('checkbox', { name, exact: true }).check();
  await p.getByLabel('Compare prompt').fill('Which is better for a small team: a monorepo or several repositories? [sim tps=12 tokens=400]');
  await p.getByRole('button', { name: /^Compare \d models$/ }).click();
  await p.waitForTimeout(3500);
  await shot(p, `compare-running-phone-${scheme}`);
  await ctx.close();
}

// The allowance is spent now: the next send opens the rate-limit modal.
for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const ctx = await ctxFor(scheme, size, state);
  const p = await ctx.newPage();
  await p.goto(chatPath, { waitUntil: 'networkidle' });
  await composer(p).fill('One more question');
  await composer(p).press('Enter');
  await p.getByRole('dialog', { name: 'Daily message limit reached' }).waitFor();
  await shot(p, `rate-limit-${size}-${scheme}`);
  await ctx.close();
}
await kit.finish();
