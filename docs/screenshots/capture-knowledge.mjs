// Regenerates the project knowledge screenshots: a project page with its files (one ready per
// kind, one indexing-failed PDF) and a chat answer with its Sources, at 1280 and 390 px in both
// themes. Start a fresh server (no provider keys: the offline demo model answers):
//   npm run build && PORT=3102 DATA_DIR=/tmp/kshots-data node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-knowledge.mjs http://127.0.0.1:3102 /tmp/kshots-data /tmp/kshots
import { SIZES_360, captureKit, until } from './capture-kit.mjs';
const [base, dataDir, out = '/tmp/kshots'] = process.argv.slice(2);
const kit = await captureKit({ base, dataDir, out, sizes: { desktop: { width: 1280, height: 800 }, phone: SIZES_360.phone } });
const { account, signIn, ctxFor, shot } = kit;

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
await account(email, { name: 'Dana Whitfield' });

const setup = await ctxFor('light', 'desktop');
const page = await setup.newPage();
await signIn(page, email);
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
await kit.finish({ strict: true });
