// Regenerates the screenshots of a chat inside the vault: its answer streaming in (desktop and
// phone) and the answered chat with its file, in both themes. Start a fresh server:
//   npm run build && PORT=3102 DATA_DIR=/tmp/vault-shots-data node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-vault-chat.mjs http://127.0.0.1:3102 /tmp/vault-shots-data /tmp/vault-shots
import { randomUUID } from 'node:crypto';
import { SIZES_390, bearer, captureKit } from './capture-kit.mjs';
const [base, dataDir, out = '/tmp/vault-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, dataDir, out, sizes: SIZES_390, timezoneId: 'America/New_York' });

const email = `vault-shots-${Date.now().toString(36)}@example.com`;
const pin = '284719';

// The account, its vault and a first chat in it (answered, with a file), through the API.
const auth = bearer(await kit.account(email));
const { vault_token } = await kit.api('POST', '/vault/setup', { pin }, auth);
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

for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const ctx = await kit.ctxFor(scheme, size);
  const page = await ctx.newPage();
  await kit.signIn(page, email);
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
  // No settle wait: the answer is still streaming.
  await kit.shot(page, `vault-chat-streaming${size === 'phone' ? '-phone' : ''}-${scheme}`, { settleMs: 0 });
  await dialog.getByRole('button', { name: 'Regenerate' }).waitFor({ timeout: 60000 });
  if (size === 'desktop') await kit.shot(page, `vault-chat-${scheme}`, { settleMs: 600 });
  await ctx.close();
}
await kit.finish();
