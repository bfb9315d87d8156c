// Regenerates the two-factor screenshots: enrolment (QR code and manual key), the recovery
// codes shown once, the status in /settings, and the sign-in step with a wrong code, at 1280
// and 360 px in both themes. Start a fresh server (the 2FA flag is turned on below):
//   npm run build && PORT=3102 DATA_DIR=/tmp/2fa-data ADMIN_EMAILS=admin@example.com node --import tsx apps/server/src/main.ts
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-two-factor.mjs http://127.0.0.1:3102 /tmp/2fa-data docs/screenshots
import { createHmac } from 'node:crypto';
import { bearer, captureKit } from './capture-kit.mjs';
const [base, dataDir, out = '/tmp/2fa-shots'] = process.argv.slice(2);
// The wrong code's 400 is the point of the sign-in step's shot.
const kit = await captureKit({ base, dataDir, out, ignoreConsole: (text) => /status of 400/.test(text) });
const { api, account, signIn, ctxFor, shot } = kit;

/** RFC 6238 (SHA-1, 30 s, 6 digits), as an authenticator app computes it from the manual key. */
function totp(key, timeMs = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...key].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)))).update(counter).digest();
  return String((mac.readUInt32BE(mac.at(-1) & 15) & 0x7fffffff) % 1e6).padStart(6, '0');
}
const section = (page) => page.getByRole('region', { name: 'Two-factor sign-in' });

const asAdmin = bearer(await account('admin@example.com', { name: 'Sam Admin' }));
await api('PUT', '/admin/feature-flags/two_factor', { enabled: true }, asAdmin);

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `-${size}-${scheme}`;
    const email = `ada-${scheme}-${size}@example.com`;
    await account(email);
    const ctx = await ctxFor(scheme, size);
    const page = await ctx.newPage();
    await signIn(page, email);
    await page.goto('/settings', { waitUntil: 'networkidle' });
    await section(page).getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await section(page).scrollIntoViewIfNeeded();
    await section(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, `two-factor-setup${suffix}`);
    const key = (await page.getByTestId('manual-key').textContent()).replace(/\s/g, '');
    const enrolCode = totp(key);
    await page.getByRole('group', { name: 'Code from the app' }).getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(enrolCode);
    await page.getByTestId('recovery-codes').waitFor();
    await section(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, `two-factor-recovery-codes${suffix}`);
    await page.getByLabel('I kept my recovery codes somewhere safe.').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText(/Two-factor sign-in is on since/).waitFor();
    await section(page).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, `two-factor-status${suffix}`);
    await ctx.close();

    const login = await ctxFor(scheme, size);
    const step = await login.newPage();
    await signIn(step, email, '/auth/two-factor');
    const wrong = String((Number(totp(key)) + 500_000) % 1e6).padStart(6, '0');
    await step.getByRole('group', { name: 'Authentication code' }).getByLabel('Digit 1 of 6').click();
    await step.keyboard.type(wrong);
    await step.getByRole('alert').filter({ hasText: 'not correct' }).waitFor();
    await shot(step, `two-factor-step${suffix}`);
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await shot(step, `two-factor-step-recovery${suffix}`);
    await login.close();
  }
}
await kit.finish();
