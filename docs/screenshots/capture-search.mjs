// Regenerates the search screenshots: the Ctrl/⌘+K palette with results, at 1280 and 390 px in
// both themes, and /chats searching the same index. Start a fresh server whose visitors may send enough:
//   npm run build && PORT=3101 DATA_DIR=/tmp/favs-data VISITOR_DAILY_LIMIT=200 node apps/server/dist/main.js
// then, from the repository root (Debian's chromium at /usr/bin/chromium):
//   node docs/screenshots/capture-search.mjs http://127.0.0.1:3101 /tmp/search-shots
import { SIZES_390, captureKit } from './capture-kit.mjs';
import { visitorApi } from './visitor-api.mjs';
const [base, out = '/tmp/search-shots'] = process.argv.slice(2);
const kit = await captureKit({ base, out, sizes: SIZES_390, timezoneId: 'America/New_York' });

const { send, adopt } = visitorApi(base);
const prompts = [
  'Write a short story about a lighthouse keeper who collects storms',
  'What made the lighthouse of Alexandria one of the wonders of the world?',
  'Explain Lighthouse performance scores for a web page',
  'Plan a relaxed three-day trip to Lisbon with trams and viewpoints',
  'Give me a packing list for a week of coastal walking',
];
for (const message of prompts) {
  await send(`${message} [sim tokens=60]`);
  await new Promise((r) => setTimeout(r, 500));
}

for (const scheme of ['light', 'dark']) for (const size of ['desktop', 'phone']) {
  const ctx = await kit.ctxFor(scheme, size);
  await adopt(ctx);
  const page = await ctx.newPage();
  await page.goto(`${base}/chats`, { waitUntil: 'networkidle' });
  await page.getByTestId('conversation-row').first().waitFor({ timeout: 30000 });
  if (size === 'phone') await page.getByRole('button', { name: 'Search', exact: true }).click();
  else await page.keyboard.press('Control+K');
  const box = page.getByRole('combobox', { name: 'Search chats' });
  await box.pressSequentially('lighthouse');
  await page.getByRole('option').nth(2).waitFor({ timeout: 30000 });
  await box.press('ArrowDown');
  await kit.shot(page, `palette-${size}-${scheme}`);
  if (size === 'desktop') {
    await page.keyboard.press('Escape');
    await page.getByLabel('Search chats').fill('lighthouse');
    await page.getByTestId('search-hit').first().waitFor({ timeout: 30000 });
    await kit.shot(page, `chats-search-${size}-${scheme}`);
  }
  await ctx.close();
}
await kit.finish();
