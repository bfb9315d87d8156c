// Regenerates the session-timeout screenshots: the warning a minute before the sign-out on
// inactivity ("Stay signed in"), and the notice after it, at 1280 and 390 px in both themes.
// Playwright's clock moves the page's time; the server keeps real time. Start a fresh server:
//   npm run build && PORT=3103 DATA_DIR=/tmp/idle-data node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-session-timeout.mjs http://127.0.0.1:3103 /tmp/idle-data /tmp/idle-shots
import { SIZES_390, captureKit } from './capture-kit.mjs';
const [base, dataDir, out = '/tmp/idle-shots'] = process.argv.slice(2);
if (!base || !dataDir) throw new Error('usage: capture-session-timeout.mjs BASE_URL DATA_DIR [OUT]');
const kit = await captureKit({ base, dataDir, out, sizes: SIZES_390, settleMs: 600 });

const email = `idle-${Date.now().toString(36)}@example.com`;
await kit.account(email);

for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const ctx = await kit.ctxFor(scheme, size);
  await ctx.clock.install();
  const page = await ctx.newPage();
  await kit.signIn(page, email);
  await page.waitForLoadState('networkidle');
  // To the moment the warning is due: a minute before the deadline all tabs share.
  const untilDeadline = await page.evaluate(() => Number(localStorage.getItem('parallax:last-activity')) + 30 * 60_000 - Date.now());
  await ctx.clock.fastForward(Math.round(untilDeadline - 60_000));
  await page.getByRole('status').filter({ hasText: 'Are you still there?' }).waitFor();
  await kit.shot(page, `session-timeout-warning-${size}-${scheme}`);
  await ctx.clock.fastForward('01:00');
  await page.getByRole('status').filter({ hasText: 'You were signed out' }).waitFor();
  await kit.shot(page, `session-timeout-signed-out-${size}-${scheme}`);
  await ctx.close();
}
await kit.finish();
