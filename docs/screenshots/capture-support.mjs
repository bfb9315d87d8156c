// Regenerates the support screenshots: /support (list with an unread reply, a thread) and
// /admin/support (inbox, a thread with an internal note and the user panel), at 1280 and
// 360 px in both themes. Start a fresh server:
//   npm run build && PORT=3107 DATA_DIR=/tmp/support-data ADMIN_EMAILS=admin@example.com node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-support.mjs http://127.0.0.1:3107 /tmp/support-data docs/screenshots
import { captureKit } from './capture-kit.mjs';
const [base, dataDir, out = '/tmp/support-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, dataDir, out });
const { api, signedInAccount, ctxFor, shot } = kit;

const { state: adminState, auth: asAdmin } = await signedInAccount('admin@example.com', { name: 'Sam Support' });
const { state: userState, auth: asUser } = await signedInAccount('user@example.com');

await api('POST', '/support/tickets', { subject: 'Invoice for October', category: 'billing', message: 'Could I get an invoice with our company address?' }, asUser);
await api('POST', '/support/tickets', { subject: 'Dark mode for exported PDFs', category: 'feature', message: 'It would be great if exports kept the **dark** theme.' }, asUser);
const bug = await api('POST', '/support/tickets', {
  subject: 'Prompt templates page shows an error',
  category: 'bug',
  error_id: 'err_3f9a1c0b7d2e',
  message: 'Every time I open **Prompt templates** I get the error screen.\n\n1. Open the sidebar\n2. Click *Prompt templates*\n\nIt started this morning.',
}, asUser);
await api('POST', `/admin/support/tickets/${bug.id}/replies`, { message: 'Chunk failed to load after the 9:00 deploy; CDN cache purged.', internal: true }, asAdmin);
await api('POST', `/admin/support/tickets/${bug.id}/replies`, { message: 'Thanks for the report and the Error ID! We fixed it: please **reload** the page and let us know if it still happens.' }, asAdmin);

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
    await shot(a, `admin-support-thread${suffix}`, { fullPage: size === 'desktop' });
    await admin.close();

    const user = await ctxFor(scheme, size, userState);
    const u = await user.newPage();
    await u.goto('/support', { waitUntil: 'networkidle' });
    await u.getByRole('list', { name: 'Your tickets' }).waitFor();
    await shot(u, `support-list${suffix}`);
    await u.goto(`/support?ticket=${bug.id}`, { waitUntil: 'networkidle' });
    await u.getByText('We fixed it').waitFor();
    await shot(u, `support-thread${suffix}`, { fullPage: size === 'desktop' });
    await u.goto('/support?new=1&error_id=err_3f9a1c0b7d2e', { waitUntil: 'networkidle' });
    await u.getByRole('form', { name: 'New ticket' }).waitFor();
    await shot(u, `support-new-ticket${suffix}`, { fullPage: size === 'desktop' });
    await user.close();
  }
}
await kit.finish();
