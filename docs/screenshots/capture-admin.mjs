// Regenerates the admin console screenshots: /admin (dashboard), /admin/ai-management,
// /admin/users, /admin/audit and /admin/subscriptions (its navigation), at 1280 and 360 px in both themes. Start provider-sim and a
// fresh server that may reach it:
//   SIM_PORT=4107 npm run sim -w packages/provider-sim &
//   npm run build && PORT=3107 DATA_DIR=/tmp/admin-data ADMIN_EMAILS=admin@example.com \
//     ALLOW_PRIVATE_PROVIDER_URLS=true node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-admin.mjs http://127.0.0.1:3107 /tmp/admin-data http://127.0.0.1:4107 /tmp/admin-shots
import { randomBytes, randomUUID } from 'node:crypto';
import { captureKit } from './capture-kit.mjs';
const [base, dataDir, simUrl, out = '/tmp/admin-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, dataDir, out, settleMs: 1200 });
const { api, account, signedInAccount, ctxFor, shot } = kit;

const { state: adminState, auth: asAdmin } = await signedInAccount('admin@example.com');
await api('PATCH', '/admin/providers/openai', { api_key: 'sk-sample-openai-key-4f2a', base_url: `${simUrl}/v1` }, asAdmin);
await api('PATCH', '/admin/providers/anthropic', { api_key: 'sk-ant-sample-key-77c1', base_url: `${simUrl}/v1` }, asAdmin);
await api('PATCH', '/admin/models/gpt-5-mini', { is_default: true }, asAdmin);
await api('PATCH', '/admin/models/grok-3-mini', { enabled: false }, asAdmin);
const visitor = () => ({ 'x-visitor-id': `visitor_${randomBytes(16).toString('hex')}` });
const send = (model, text) => api('POST', '/chat/messages', { message: text, message_id: randomUUID(), provider: model[0], model: model[1] }, visitor());
for (let i = 0; i < 5; i += 1) await send(['openai', 'gpt-5-mini'], `Sample question ${i} [sim tokens=40]`);
for (let i = 0; i < 3; i += 1) await send(['anthropic', 'claude-haiku-4-5'], `Another question ${i} [sim tokens=60]`);
await send(['openai', 'gpt-5'], 'This one fails [sim fault=429]');
for (const name of ['grace', 'alan', 'edsger']) await account(`${name}@example.com`);
await account('pending@example.com', { verify: false });
const users = await api('GET', '/admin/users?q=alan', undefined, asAdmin);
await api('PATCH', `/admin/users/${users.users[0].id}`, { disabled: true }, asAdmin);
await new Promise((r) => setTimeout(r, 1500));

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : ''}-${scheme}`;
    const ctx = await ctxFor(scheme, size, adminState);
    const page = await ctx.newPage();
    await page.goto('/admin', { waitUntil: 'networkidle' });
    await page.getByText('Messages today').waitFor();
    await shot(page, `admin-dashboard${suffix}`, { fullPage: size === 'desktop' });
    await page.goto('/admin/ai-management', { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'OpenAI', exact: true }).getByRole('button', { name: 'Test connection' }).click();
    await page.getByText(/Connected in/).waitFor();
    await shot(page, `admin-ai-management${suffix}`, { fullPage: size === 'desktop' });
    await page.goto('/admin/users', { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Users' }).getByRole('button', { name: 'Details' }).first().click();
    await shot(page, `admin-users${suffix}`, { fullPage: size === 'desktop' });
    await page.goto('/admin/audit', { waitUntil: 'networkidle' });
    await page.locator('summary').first().click();
    await shot(page, `admin-audit${suffix}`, { fullPage: size === 'desktop' });
    // The admin navigation on a billing screen (its content, with subscribers, has its own script).
    await page.goto('/admin/subscriptions', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await shot(page, `admin-nav-subscriptions-${size}-${scheme}`);
    await ctx.close();
  }
}
await kit.finish();
