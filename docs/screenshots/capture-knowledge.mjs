// Regenerates the project knowledge screenshots: a project page with its files (one ready per
// kind, one indexing-failed PDF) and a chat answer with its Sources, at 1280 and 390 px in both
// themes. Start a fresh server (no provider keys: the offline demo model answers):
//   npm run build && PORT=3102 DATA_DIR=/tmp/kshots-data node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-knowledge.mjs http://127.0.0.1:3102 /tmp/kshots-data /tmp/kshots
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const [base, dataDir, out = '/tmp/kshots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 800, isMobile: true, hasTouch: true } };
const errors = [];
async function ctxFor(scheme, size, storageState) {
  const s = sizes[size];
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: s.width, height: s.height }, isMobile: !!s.isMobile, hasTouch: !!s.hasTouch, colorScheme: scheme, locale: 'en-US', ...(storageState && { storageState }) });
  ctx.on('page', (p) => { p.on('console', (m) => m.type() === 'error' && errors.push(`${scheme}/${size} ${p.url()}: ${m.text()}`)); p.on('pageerror', (e) => errors.push(String(e))); });
  return ctx;
}
const shot = async (page, name) => {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(900);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) errors.push(`${name}: ${overflow}px horizontal overflow`);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  console.log(name);
};
async function until(fn, ms = 30000) { const end = Date.now() + ms; while (Date.now() < end) { if (await fn()) return; await new Promise((r) => setTimeout(r, 200)); } throw new Error('timeout'); }

/** A one-page PDF with real text, written by hand (like apps/server/test/pdf.ts). */
function pdf(lines) {
  const objs = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [4 0 R] /Count 1 >>', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${l}) Tj T*`).join(' ')} ET`;
  objs.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>');
  objs.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let s = '%PDF-1.4\n'; const offs = [];
  objs.forEach((o, i) => { offs.push(s.length); s += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const x = s.length;
  s += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offs.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${x}\n%%EOF\n`;
  return Buffer.from(s, 'latin1');
}

const email = `shots-${Date.now().toString(36)}@example.com`;
const password = 'Granite lantern 19 owls';
const post = (url, body) => fetch(`${base}/api/v1${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
await post('/auth/register', { email, password, name: 'Dana Whitfield' });
await until(() => { try { return readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8').includes(email); } catch { return false; } });
const code = /verification code is: (\d{6})/.exec(readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8').split('\n').filter((l) => l.includes(email)).at(-1))?.[1];
await post('/auth/verify-code', { email, code });

const setup = await ctxFor('light', 'desktop');
const page = await setup.newPage();
await page.goto('/login', { waitUntil: 'networkidle' });
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password', { exact: true }).fill(password);
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await page.waitForURL((u) => u.pathname === '/');
await page.goto('/project', { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'New project' }).first().click();
const dialog = page.getByRole('dialog');
await dialog.getByLabel('Name').fill('Product launch');
await dialog.getByLabel('Instructions (optional)').fill('You help the launch team. Keep answers short and quote the figures you use.');
await dialog.getByRole('button', { name: 'Create project' }).click();
await page.waitForURL((u) => u.pathname.startsWith('/project/'));
const projectPath = new URL(page.url()).pathname;
const files = [
  { name: 'launch-plan.md', mimeType: 'text/markdown', buffer: Buffer.from('# Launch plan\n\nThe public launch is on 12 March. Press embargo lifts at 09:00 CET.\n\nBeta users get the release two weeks earlier.') },
  { name: 'q3-figures.csv', mimeType: 'text/csv', buffer: Buffer.from('region,signups,churn\nEMEA,4120,2.1%\nAmericas,6310,1.8%\nAPAC,2950,2.6%\n') },
  { name: 'brand-guidelines.pdf', mimeType: 'application/pdf', buffer: pdf(['Brand guidelines', 'Primary colour: deep teal. Logo clear space: one x-height.']) },
  { name: 'scanned-contract.pdf', mimeType: 'application/pdf', buffer: pdf([]) },
  { name: 'pricing_page_copy_final_v7_really_final.txt', mimeType: 'text/plain', buffer: Buffer.from('Starter is free. Team costs 12 euros per seat per month, billed yearly.') },
];
const chooser = page.waitForEvent('filechooser');
await page.getByRole('button', { name: 'Add files' }).click();
await (await chooser).setFiles(files);
await until(async () => (await page.getByText('Indexing…').count()) === 0);

await page.getByRole('button', { name: 'New chat in this project' }).click();
await page.getByLabel('Message', { exact: true }).fill('When is the public launch, and when does the press embargo lift?');
await page.getByLabel('Message', { exact: true }).press('Enter');
await page.waitForURL((u) => u.pathname.startsWith('/chats/'));
await until(async () => (await page.locator('[data-role="assistant"]').last().getAttribute('data-status')) === 'completed');
const chatPath = new URL(page.url()).pathname;
const state = await setup.storageState();
await setup.close();

for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const ctx = await ctxFor(scheme, size, state);
  const p = await ctx.newPage();
  await p.goto(projectPath, { waitUntil: 'networkidle' });
  const suffix = `${size === 'phone' ? 'phone-' : ''}${scheme}`;
  await p.getByRole('list', { name: 'Project files' }).waitFor();
  // Desktop: tall enough for the whole files panel; phone: scrolled to the files.
  if (size === 'desktop') await p.setViewportSize({ width: 1280, height: 1180 });
  else await p.getByRole('list', { name: 'Project files' }).scrollIntoViewIfNeeded();
  await shot(p, `project-files-${suffix}`);
  if (size === 'desktop') await p.setViewportSize({ width: 1280, height: 800 });
  await p.goto(chatPath, { waitUntil: 'networkidle' });
  await p.getByRole('list', { name: 'Sources' }).last().waitFor();
  await shot(p, `chat-sources-${suffix}`);
  await ctx.close();
}
await browser.close();
if (errors.length) { console.error(errors.join('\n')); process.exitCode = 1; }
