// Regenerates the /admin/errors screenshots: the empty state, the loading state, the groups of
// browser errors, and one report found by its Error ID with its stack and breadcrumbs, at 1280
// and 360 px in both themes. Start a fresh server:
//   npm run build && PORT=3104 DATA_DIR=/tmp/errors-data ADMIN_EMAILS=admin@example.com node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-client-errors.mjs http://127.0.0.1:3104 /tmp/errors-data docs/screenshots
import { bearer, captureKit } from './capture-kit.mjs';
const [base, dataDir, out = '/tmp/errors-shots'] = process.argv.slice(2);
let lookingUpAnUnknownId = false; // its 404 is the point of that shot
const kit = await captureKit({ base, dataDir, out, timezoneId: 'UTC', ignoreConsole: (text) => lookingUpAnUnknownId && text.includes('404') });
const { api, account, signedInAccount, ctxFor, shot } = kit;

const { state: adminState } = await signedInAccount('admin@example.com', { name: 'Sam Support' });
// Before any browser reported anything: the empty state.
for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const admin = await ctxFor(scheme, size, adminState);
    const a = await admin.newPage();
    await a.goto('/admin/errors', { waitUntil: 'networkidle' });
    await a.getByText('No client errors').waitFor();
    await shot(a, `admin-errors-empty-${size}-${scheme}`);
    await admin.close();
  }
}
const users = [];
for (const [email, name] of [['ada@example.com', 'Ada Lovelace'], ['grace@example.com', 'Grace Hopper']]) {
  const token = await account(email, { name });
  users.push((await api('GET', '/users/me', undefined, bearer(token))).id);
}

// Reports as the web's error logger sends them (lib/telemetry/log-entry.ts), a few minutes apart.
const minutesAgo = (m) => new Date(Date.now() - m * 60_000).toISOString();
const crumbs = (m, steps) => steps.map(([category, message], i) => ({ timestamp: minutesAgo(m + (steps.length - i) * 0.1), category, message }));
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const chunkUrl = 'http://127.0.0.1:3104/assets/workspace-Yl2qgnk2aQ3vB8xZ.js';
const report = (id, m, userId, overrides) => ({
  id,
  user_agent: UA,
  url: 'http://127.0.0.1:3104/prompt-templates',
  user_id: userId,
  session_id: 'visitor_4f1c2b9a8e7d6c5b4a39281706f5e4d3',
  timestamp: minutesAgo(m),
  breadcrumbs: [],
  stack_trace: null,
  ...overrides,
});
const chunkError = (id, m, userId) => report(id, m, userId, {
  error: { type: 'NETWORK_ERROR', severity: 'MEDIUM', message: `Failed to fetch dynamically imported module: ${chunkUrl}`, user_message: 'Network error. Please check your internet connection.', retryable: true, action_id: 'page', context: { level: 'page' } },
  breadcrumbs: crumbs(m, [
    ['navigation', '/login'],
    ['http', 'GET http://127.0.0.1:3104/api/v1/auth/providers'],
    ['ui.click', 'button "Sign in"'],
    ['http', 'POST http://127.0.0.1:3104/api/v1/auth/login'],
    ['http', 'GET http://127.0.0.1:3104/api/v1/users/me'],
    ['navigation', '/'],
    ['websocket', 'connected'],
    ['ui.click', 'a /prompt-templates'],
    ['navigation', '/prompt-templates'],
  ]),
  stack_trace: `TypeError: Failed to fetch dynamically imported module: ${chunkUrl}\n    at loadGroup (http://127.0.0.1:3104/assets/index-Dk3PqV8s.js:1:48213)\n    at async lazyScreen (http://127.0.0.1:3104/assets/index-Dk3PqV8s.js:1:49002)`,
});
const renderError = report('err_9c41d7e2a0b5', 12, users[0], {
  url: 'http://127.0.0.1:3104/compare?models=[redacted]',
  error: { type: 'UNKNOWN_ERROR', severity: 'HIGH', message: "Cannot read properties of undefined (reading 'friendlyName') while rendering the comparison column for a model that was removed by an administrator", user_message: 'An unexpected error occurred. Please try again.', retryable: false, action_id: 'section', context: { level: 'section' } },
  breadcrumbs: crumbs(12, [
    ['navigation', '/compare'],
    ['http', 'GET http://127.0.0.1:3104/api/v1/models'],
    ['ui.click', 'button "Choose models"'],
    ['ui.click', 'button "gpt-5-mini"'],
    ['ui.click', 'button "Compare"'],
    ['websocket', 'ai_status streaming'],
  ]),
  performance: { dom_content_loaded_ms: 412, load_ms: 688, long_task_ms: 132 },
  stack_trace: "TypeError: Cannot read properties of undefined (reading 'friendlyName')\n    at CompareColumn (http://127.0.0.1:3104/assets/compare-screen-Bq7xZ0aW3kLmN5pR.js:1:18734)\n    at renderWithHooks (http://127.0.0.1:3104/assets/vendor-react-C4nT9mYx2wQe8rUv.js:9:21012)\n    at updateFunctionComponent (http://127.0.0.1:3104/assets/vendor-react-C4nT9mYx2wQe8rUv.js:9:25107)\n    at beginWork (http://127.0.0.1:3104/assets/vendor-react-C4nT9mYx2wQe8rUv.js:9:41877)\n    at performUnitOfWork (http://127.0.0.1:3104/assets/vendor-react-C4nT9mYx2wQe8rUv.js:9:77654)\n    at workLoopSync (http://127.0.0.1:3104/assets/vendor-react-C4nT9mYx2wQe8rUv.js:9:77412)\n    at renderRootSync (http://127.0.0.1:3104/assets/vendor-react-C4nT9mYx2wQe8rUv.js:9:77168)\n\n    at CompareColumn\n    at ErrorBoundary\n    at CompareScreen",
});
await api('POST', '/logging/errors', { errors: [
  chunkError('err_3f9a1c0b7d2e', 95, users[0]),
  chunkError('err_51be0c7a9d13', 40, users[1]),
  chunkError('err_7a2d9e4c1f80', 3, users[0]),
  renderError,
  report('err_0d8e3b6f2c19', 25, null, {
    url: 'http://127.0.0.1:3104/chats/c_[redacted]',
    error: { type: 'SERVER_ERROR', severity: 'HIGH', message: 'Request failed with status code 503', user_message: 'Server error. Please try again later.', retryable: true, action_id: 'send', context: { status: 503 } },
    breadcrumbs: crumbs(25, [['navigation', '/'], ['http', 'POST http://127.0.0.1:3104/api/v1/chat/send']]),
  }),
] });

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `-${size}-${scheme}`;
    const admin = await ctxFor(scheme, size, adminState);
    const a = await admin.newPage();
    // Loading: the groups' answer held back until the shot is taken.
    let release;
    const held = new Promise((r) => (release = r));
    await a.route('**/api/v1/admin/errors', async (route) => { await held; await route.continue(); });
    await a.goto('/admin/errors');
    await a.locator('[aria-busy="true"]').waitFor();
    await shot(a, `admin-errors-loading${suffix}`);
    release();
    await a.getByRole('list', { name: 'Error groups, last seen first' }).waitFor();
    await shot(a, `admin-errors-groups${suffix}`, { fullPage: size === 'desktop' });
    await a.getByLabel('Error ID').fill('err_9c41d7e2a0b5');
    await a.getByRole('button', { name: 'Find' }).click();
    await a.getByRole('region', { name: 'Error err_9c41d7e2a0b5' }).waitFor();
    await shot(a, `admin-errors-report${suffix}`, { fullPage: true });
    lookingUpAnUnknownId = true;
    await a.getByLabel('Error ID').fill('err_000000000000');
    await a.getByRole('button', { name: 'Find' }).click();
    await a.getByText('No report for err_000000000000').waitFor();
    await shot(a, `admin-errors-not-found${suffix}`);
    lookingUpAnUnknownId = false;
    // A group's latest report, opened from the bottom of the list: it comes into view.
    await a.getByRole('listitem').filter({ hasText: 'friendlyName' }).getByRole('button', { name: 'Latest report' }).click();
    await a.getByRole('region', { name: 'Error err_9c41d7e2a0b5' }).waitFor();
    await shot(a, `admin-errors-latest-report${suffix}`);
    await admin.close();
  }
}
await kit.finish();
