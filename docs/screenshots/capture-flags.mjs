// Regenerates the feature flags screenshots: /admin/flags at 1280 and 360 px in both themes (one
// flag changed from its default, so "Changed from default" and its last change show), and a chat
// with the "Demo mode" bar the app shows while the mock API flag is on. Start a fresh server:
//   npm run build && PORT=3101 DATA_DIR=/tmp/flags-data ADMIN_EMAILS=admin@example.com \
//     node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-flags.mjs http://127.0.0.1:3101 /tmp/flags-data docs/screenshots
import { randomUUID } from 'node:crypto';
import { captureKit } from './capture-kit.mjs';
const [base, dataDir, out = '/tmp/flags-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, dataDir, out, settleMs: 1200 });
const { api, signedInAccount, ctxFor, shot } = kit;

const { state: adminState, auth: asAdmin } = await signedInAccount('admin@example.com');
await api('PUT', '/admin/feature-flags/mock_api', { enabled: true }, asAdmin);
// No provider key on this server: GPT-5 mini answers anyway, from the demo model.
const sent = await api('POST', '/chat/messages', { message: 'Explain caching in two short paragraphs [sim tokens=80]', message_id: randomUUID(), provider: 'openai', model: 'gpt-5-mini' }, asAdmin);
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
    await shot(page, `admin-flags${suffix}`, { fullPage: size === 'desktop' });
    await page.goto(`/chats/${sent.conversation_id}`, { waitUntil: 'networkidle' });
    await page.getByRole('status').filter({ hasText: 'Demo mode' }).waitFor({ timeout: 90_000 });
    // The bar takes its room from the chat, not from below the window.
    const tall = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    if (tall > 0) kit.problems.push(`mock-api-notice${suffix}: ${tall}px taller than the window`);
    await shot(page, `mock-api-notice${suffix}`);
    await ctx.close();
  }
}
await kit.finish();
