// Regenerates the plans screenshots: /pricing for a visitor and for a signed-in user (free plan
// marked, the "payments are not configured" dialog), /admin/plans and its plan form, at 1280
// and 360 px in both themes. Start a fresh server without Stripe keys:
//   npm run build && PORT=3105 DATA_DIR=/tmp/plans-data ADMIN_EMAILS=admin@example.com node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-plans.mjs http://127.0.0.1:3105 /tmp/plans-data /tmp/plans-shots
import { captureKit } from './capture-kit.mjs';
const [base, dataDir, out = '/tmp/plans-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, dataDir, out });
const { api, signedInAccount, ctxFor, shot } = kit;

// Verifying the code signs in, so ADMIN_EMAILS already applies to the token that creates the sample plans.
const { state: adminState, auth: asAdmin } = await signedInAccount('admin@example.com');
const plans = [
  { name: 'Plus', description: 'For everyday work with the best models.', price: 900, daily_message_limit: 300, compare_panels: 4, features: ['Priority answers at busy times'] },
  { name: 'Pro', description: 'For people who live in the compare view.', price: 2400, daily_message_limit: null, compare_panels: 6, api_key_limit: 10, features: ['Priority answers at busy times', 'Early access to new models'] },
  { name: 'Plus yearly', description: 'Plus, two months free.', price: 9000, interval: 'year', daily_message_limit: 300, compare_panels: 4, features: ['Priority answers at busy times'] },
];
for (const plan of plans) await api('POST', '/admin/plans', plan, asAdmin);
const { state: userState } = await signedInAccount('user@example.com');

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : ''}-${scheme}`;
    const visitor = await ctxFor(scheme, size);
    const v = await visitor.newPage();
    await v.goto('/pricing', { waitUntil: 'networkidle' });
    await shot(v, `pricing-visitor${suffix}`, { fullPage: size === 'desktop' });
    await visitor.close();

    const user = await ctxFor(scheme, size, userState);
    const u = await user.newPage();
    await u.goto('/pricing', { waitUntil: 'networkidle' });
    await shot(u, `pricing-current-plan${suffix}`, { fullPage: size === 'desktop' });
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
await kit.finish();
