// Regenerates the /favourites screenshots: empty, and with starred chats and a comparison, at
// 1280 and 390 px in both themes. Start a fresh server whose visitors may send enough:
//   npm run build && PORT=3101 DATA_DIR=/tmp/favs-data VISITOR_DAILY_LIMIT=200 node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-favourites.mjs http://127.0.0.1:3101 /tmp/favs-shots
import { randomUUID } from 'node:crypto';
import { SIZES_390, captureKit } from './capture-kit.mjs';
import { visitorApi } from './visitor-api.mjs';
const [base, out = '/tmp/favs-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, out, sizes: SIZES_390, timezoneId: 'America/New_York' });

// Seeded through the API as one visitor; the browser then plays that visitor.
const { api, send, adopt } = visitorApi(base);
const chats = [
  ['Plan a relaxed three-day trip to Lisbon with trams and viewpoints', true],
  ['Explain how public-key cryptography works, with a simple analogy', true],
  ['Write a haiku about autumn rain', false],
  ['Draft a friendly email moving our weekly sync to Thursday', true],
  ['Compare SQL and NoSQL databases for a small analytics product', false],
  ['Summarise the causes of the 1929 stock market crash in five bullet points', true],
];
for (const [message, starred] of chats) {
  const sent = await send(`${message} [sim tokens=30]`);
  await new Promise((r) => setTimeout(r, 600));
  if (starred) await api('PUT', `/chat/conversations/${sent.conversation_id}/favourite`, { is_favourite: true });
}
const session = await api('POST', '/compare/sessions', { models: ['parallax-demo', 'parallax-demo-concise'] });
for (const panel of session.panels)
  await api('POST', `/compare/sessions/${session.id}/panels/${panel.index}/messages`, { message: 'Which sorting algorithm should I use for nearly sorted data?', message_id: randomUUID() });
await api('PUT', `/compare/sessions/${session.id}/favourite`, { is_favourite: true });

for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) for (const filled of [true, false]) {
  const ctx = await kit.ctxFor(scheme, size);
  if (filled) await adopt(ctx);
  const page = await ctx.newPage();
  await page.goto(`${base}/favourites`, { waitUntil: 'networkidle' });
  // The list (or the empty state) replaces the loading skeleton.
  await page.locator('[data-testid="favourite-row"], h2:text("No favourites yet")').first().waitFor({ timeout: 30000 });
  await kit.shot(page, `favourites${filled ? '' : '-empty'}-${size}-${scheme}`);
  if (filled && size === 'desktop') {
    // The undo snackbar after unstarring a row.
    await page.getByTestId('favourite-row').nth(1).getByRole('button', { name: /^Unfavourite/ }).click();
    await kit.shot(page, `favourites-undo-${size}-${scheme}`, { settleMs: 500 });
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForTimeout(500);
  }
  await ctx.close();
}
await kit.finish();
