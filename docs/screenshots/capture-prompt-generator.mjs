// Regenerates the prompt generator screenshots: the form, a generated prompt with a refinement
// (two versions), the two versions side by side, and the "Save as template" dialog, at 1280
// and 360 px in both themes. Start a fresh server (no provider keys: the offline demo answers):
//   npm run build && PORT=3103 DATA_DIR=/tmp/gen-data node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-prompt-generator.mjs http://127.0.0.1:3103 /tmp/gen-shots
import { captureKit } from './capture-kit.mjs';
const [base, out = '/tmp/gen-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, out });
const { ctxFor, shot } = kit;
const settled = (page, n) => page.waitForFunction((v) => document.querySelector(`article[aria-label="Version ${v}"]`)?.getAttribute('aria-busy') === 'false', n, { timeout: 60000 });

// A visitor's session: the request, then one refinement.
const setup = await ctxFor('light', 'desktop');
const page = await setup.newPage();
await page.goto('/prompt-generator', { waitUntil: 'networkidle' });
await shot(page, 'prompt-generator-form-empty-light');
await page.getByLabel('Goal (required)').fill('Explain how vaccines train the immune system');
await page.getByLabel('Audience').fill('Secondary school pupils');
await page.getByLabel('Output format').fill('A one-page handout with headings');
await page.getByLabel('Constraints').fill('Under 300 words, no jargon');
await page.getByRole('button', { name: 'Generate prompt' }).click();
await page.waitForURL((u) => u.searchParams.has('session'));
await settled(page, 1);
await page.getByRole('button', { name: 'Make it shorter' }).click();
await settled(page, 2);
const session = new URL(page.url()).search;
const state = await setup.storageState();
await setup.close();

for (const scheme of ['light', 'dark']) {
  for (const size of ['desktop', 'phone']) {
    const suffix = `${size === 'phone' ? '-phone' : ''}-${scheme}`;
    const ctx = await ctxFor(scheme, size, state);
    const p = await ctx.newPage();
    await p.goto('/prompt-generator', { waitUntil: 'networkidle' });
    await shot(p, `prompt-generator-form${suffix}`);
    await p.goto(`/prompt-generator${session}`, { waitUntil: 'networkidle' });
    await settled(p, 2);
    await shot(p, `prompt-generator-result${suffix}`);
    await p.getByRole('button', { name: 'Compare versions' }).click();
    await p.getByRole('region', { name: /words taken out marked/ }).waitFor();
    await shot(p, `prompt-generator-versions-diff${suffix}`);
    if (size === 'desktop') {
      await p.getByRole('button', { name: 'Compare versions' }).click();
      await p.getByRole('button', { name: 'Save as template' }).click();
      await p.getByRole('dialog').waitFor();
      await shot(p, `prompt-generator-save-template${suffix}`);
    }
    await ctx.close();
  }
}
await kit.finish();
