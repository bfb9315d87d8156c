import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../apps/web/e2e/support/chromium';
import { measureInitialJs } from '../chat/initial-js';
import { startBenchServer } from '../chat/server-launch';
import { printTable, withDeadline } from '../lib/stats';

/**
 * Only the initial-JS part of bench/chat/browser-stream.bench.ts, for quick turns while cutting
 * the bundle: a visitor gets one short answer from the offline demo model, then /chats/{id} is
 * opened cold. Usage: npm run build -w @parallax/web && npx tsx bench/web/chat-initial-js.ts [runs]
 */
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const runs = Number(process.argv[2] ?? 1);

if (!existsSync(join(WEB_DIST, 'index.html')))
  throw new Error('apps/web/dist is missing: build the web app first');
const dataDir = mkdtempSync(join(tmpdir(), 'parallax-initial-js-'));
const server = await startBenchServer({ DATA_DIR: dataDir, VISITOR_DAILY_LIMIT: '1000' });
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'networkidle' });
  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill('Say hello with a short list and some `code`.');
  await composer.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
  await page
    .locator('[data-role="assistant"][data-status="completed"]')
    .waitFor({ timeout: 60_000 });
  const chatPath = new URL(page.url()).pathname;
  await page.close();
  const totals: string[] = [];
  for (let run = 0; run < runs; run++) {
    const js = await withDeadline(
      'initial js',
      60_000,
      measureInitialJs(context, chatPath, WEB_DIST),
    );
    totals.push(
      `${js.initialGzipKb.toFixed(1)} KB (first content at ${js.firstContentMs.toFixed(0)} ms, answer rendered ${js.answerRenderedAfterMs.toFixed(0)} ms later)`,
    );
    if (run === 0) {
      printTable('Initial JS of a cold /chats/{id} (gzip -9)', js.initial);
      printTable(
        'Loaded after the first render, until network idle (gzip -9)',
        js.afterFirstRender,
      );
    }
  }
  console.log(`\nInitial JS per run: ${totals.join(', ')}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
