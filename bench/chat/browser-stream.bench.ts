import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProviderSim } from '@parallax/provider-sim';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../apps/web/e2e/support/chromium';
import { printTable, withDeadline } from '../lib/stats';
import { INITIAL_JS_TARGET_KB, measureInitialJs } from './initial-js';
import { startBenchServer } from './server-launch';

/**
 * The chat screen in Chromium against a real server: a 20,000-token answer with code, tables
 * and math streamed at a fast provider's pace while the Long Tasks API watches the main thread,
 * then the JS a cold /chats/{id} load requests before and after its first content (initial-js.ts).
 */
const TOKENS = 20_000;
const TOKENS_PER_SECOND = 1_000;
const LONG_TASK_TARGET_MS = 50;
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
// As apps/web/e2e/support/browser.ts: no sandbox as root, no background networking offline.

declare global {
  interface Window {
    __longTasks: Array<{ start: number; duration: number }>;
  }
}

function watchLongTasks(): void {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
}

async function streamLongAnswer(
  page: Page,
): Promise<{ path: string; rows: Record<string, string | number> }> {
  await page.goto('/', { waitUntil: 'networkidle' });
  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill(
    `Write a long reference with code, tables and math [sim tokens=${TOKENS} tps=${TOKENS_PER_SECOND}]`,
  );
  await composer.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
  const streamStart = await page.evaluate(() => performance.now());
  const last = page.locator('[data-role="assistant"]').last();
  const expectedMs = (TOKENS / TOKENS_PER_SECOND) * 1000;
  await last
    .locator('xpath=self::*[@data-status="completed"]')
    .waitFor({ timeout: expectedMs + 60_000 });
  const streamEnd = await page.evaluate(() => performance.now());
  const tasks = await page.evaluate(
    (from) => window.__longTasks.filter((t) => t.start >= from).map((t) => t.duration),
    streamStart,
  );
  const content = await last.evaluate((el) => ({
    chars: el.textContent?.length ?? 0,
    tables: el.querySelectorAll('table').length,
    code: el.querySelectorAll('pre code').length,
    math: el.querySelectorAll('.katex').length,
  }));
  const longest = Math.max(0, ...tasks);
  return {
    path: new URL(page.url()).pathname,
    rows: {
      tokens: TOKENS,
      'tokens/s': TOKENS_PER_SECOND,
      'stream s': ((streamEnd - streamStart) / 1000).toFixed(1),
      'rendered chars': content.chars,
      'tables / code / math': `${content.tables} / ${content.code} / ${content.math}`,
      'long tasks': tasks.length,
      'over 50 ms': tasks.filter((d) => d > LONG_TASK_TARGET_MS).length,
      'longest ms': longest.toFixed(0),
      target: longest <= LONG_TASK_TARGET_MS ? 'pass' : 'MISS',
    },
  };
}

if (!existsSync(join(WEB_DIST, 'index.html')))
  throw new Error('apps/web/dist is missing: run `npm run build` first');
const sim = await startProviderSim({ host: '127.0.0.1', port: 0 });
const dataDir = mkdtempSync(join(tmpdir(), 'parallax-bench-web-'));
const server = await startBenchServer({
  DATA_DIR: dataDir,
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: `${sim.url}/v1`,
  VISITOR_DAILY_LIMIT: '1000',
});
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript(watchLongTasks);
  const streaming = await withDeadline(
    'long answer',
    180_000,
    streamLongAnswer(await context.newPage()),
  );
  // A new page of the same visitor (same storage) opening the chat cold, as a reload does.
  const js = await withDeadline(
    'initial js',
    60_000,
    measureInitialJs(context, streaming.path, WEB_DIST),
  );
  printTable('Browser: streaming a long answer (Long Tasks API, main thread)', [streaming.rows]);
  printTable(
    `Browser: initial JS of a cold /chats/{id}: scripts requested before the first message showed (gzip -9, target ≤ ${INITIAL_JS_TARGET_KB} KB)`,
    js.initial,
  );
  printTable(
    'Browser: JS loaded after the first render, until network idle (gzip -9)',
    js.afterFirstRender,
  );
  console.log(
    `First message shown at ${js.firstContentMs.toFixed(0)} ms; the answer shown as rendered markdown ${js.answerRenderedAfterMs.toFixed(0)} ms later`,
  );
} finally {
  await browser.close();
  await server.stop();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
}
