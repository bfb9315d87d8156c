// Regenerates the prompt templates screenshots: the library list, the editor, the fill-in form,
// the composer's "/" menu and /admin/prompt-templates (with the generator's instructions), at 1280 and 390 px in both themes.
// Start a fresh server with an admin address:
//   npm run build && PORT=3102 DATA_DIR=/tmp/tpl-data ADMIN_EMAILS=curator@example.com node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-prompt-templates.mjs http://127.0.0.1:3102 /tmp/tpl-data /tmp/tpl-shots
import { SIZES_390, captureKit } from './capture-kit.mjs';
const [base, dataDir = '/tmp/tpl-data', out = '/tmp/tpl-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, dataDir, out, sizes: SIZES_390, settleMs: 700 });
const { ctxFor, signIn, shot } = kit;

// Fixed addresses: a second run against the same DATA_DIR keeps the accounts of the first.
await kit.account('reader@example.com', { reuse: true });
await kit.account('curator@example.com', { name: 'Grace Hopper', reuse: true });

async function signedInPage(email, scheme, size) {
  const ctx = await ctxFor(scheme, size);
  const page = await ctx.newPage();
  await signIn(page, email);
  return { ctx, page };
}

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
await kit.finish();
