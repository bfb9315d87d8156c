// Regenerates the prompt templates screenshots: the library list, the editor, the fill-in form,
// the composer's "/" menu and /admin/prompt-templates (with the generator's instructions), at 1280 and 390 px in both themes.
// Start a fresh server with an admin address:
//   npm run build && PORT=3102 DATA_DIR=/tmp/tpl-data ADMIN_EMAILS=curator@example.com node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-prompt-templates.mjs http://127.0.0.1:3102 /tmp/tpl-data /tmp/tpl-shots
import { createRequire } from 'node:module';
import path from 'node:path';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const [base, dataDir = '/tmp/tpl-data', out = '/tmp/tpl-shots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const PASSWORD = 'Amber lantern 73 rivers';

async function register(email, name) {
  const post = (url, body) =>
    fetch(`${base}/api/v1${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const res = await post('/auth/register', { email, password: PASSWORD, name });
  if (!res.ok) return; // already there from an earlier run
  const outbox = path.join(dataDir, 'dev-outbox.jsonl');
  for (let i = 0; i < 50 && !(existsSync(outbox) && readFileSync(outbox, 'utf8').includes(email)); i += 1)
    await new Promise((r) => setTimeout(r, 200));
  const mail = readFileSync(outbox, 'utf8').split('\n').filter((l) => l.includes(email)).at(-1);
  const code = /verification code is: (\d{6})/.exec(mail ?? '')?.[1];
  await post('/auth/verify-code', { email, code });
}
await register('reader@example.com', 'Ada Lovelace');
await register('curator@example.com', 'Grace Hopper');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844, isMobile: true, hasTouch: true } };

async function signedInPage(email, scheme, size) {
  const s = sizes[size];
  const ctx = await browser.newContext({ viewport: { width: s.width, height: s.height }, isMobile: !!s.isMobile, hasTouch: !!s.hasTouch, colorScheme: scheme, locale: 'en-US' });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.error(`${email} ${scheme}/${size}: ${m.text()}`));
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { ctx, page };
}
const shot = async (page, name) => {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  console.log(name);
};

for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const suffix = `${size}-${scheme}`;
  const { ctx, page } = await signedInPage('reader@example.com', scheme, size);
  await page.goto(`${base}/prompt-templates`, { waitUntil: 'networkidle' });
  await page.getByRole('article').first().waitFor();
  await shot(page, `prompt-templates-list-${suffix}`);

  await page.getByRole('button', { name: 'New template' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill('Meeting invite');
  await editor.getByLabel('Description').fill('A short invitation with the agenda.');
  await editor.getByLabel('Prompt').fill(
    'Write a meeting invite to {{team}} about {{topic}}.\nTone: {{tone:choice=formal|friendly;default=friendly}}\nAgenda:\n{{agenda:long}}\nSign as {{my name}}',
  );
  await shot(page, `prompt-templates-editor-${suffix}`);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Use Rewrite in another tone' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('text').fill('Hey, the release slipped again, sorry. New date is Friday.');
  await form.getByLabel('tone').selectOption('confident');
  await shot(page, `prompt-templates-fill-${suffix}`);
  await page.keyboard.press('Escape');

  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const box = page.getByLabel('Message', { exact: true });
  await box.click();
  await box.pressSequentially('/re');
  await page.getByRole('option').first().waitFor();
  await shot(page, `prompt-templates-slash-menu-${suffix}`);
  await ctx.close();

  const admin = await signedInPage('curator@example.com', scheme, size);
  await admin.page.goto(`${base}/admin/prompt-templates`, { waitUntil: 'networkidle' });
  await admin.page.getByRole('list', { name: 'Library templates' }).waitFor();
  await shot(admin.page, `admin-prompt-templates-${suffix}`);
  const instructions = admin.page.getByRole('heading', { name: 'Prompt generator instructions' });
  await instructions.scrollIntoViewIfNeeded();
  await admin.page.getByRole('textbox').last().waitFor();
  await shot(admin.page, `admin-generator-instructions-${suffix}`);
  await admin.ctx.close();
}
await browser.close();
