import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startProviderSim } from '@parallax/provider-sim';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../apps/web/e2e/support/chromium';
import { printTable, withDeadline } from '../lib/stats';
import { startBenchServer } from './server-launch';

/**
 * The chat screen in Chromium against a real server: a 20,000-token answer with code, tables
 * and math streamed at a fast provider's pace while the Long Tasks API watches the main thread,
 * then the JS a cold /chats/{id} load requests, summed as gzip.
 */
const TOKENS = 20_000;
const TOKENS_PER_SECOND = 1_000;
const LONG_TASK_TARGET_MS = 50;
const INITIAL_JS_TARGET_KB = 150;
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

async function streamLongAnswer(page: Page): Promise<{ path: string; rows: Record<string, string | number> }> {
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
  await last.locator('xpath=self::*[@data-status="completed"]').waitFor({ timeout: expectedMs + 60_000 });
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

async function initialJs(page: Page, chatPath: string): Promise<Array<Record<string, string | number>>> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(chatPath, { waitUntil: 'networkidle' });
  await page.locator('[data-role="assistant"]').last().waitFor();
  const rows = [...scripts].map((path) => {
    const source = readFileSync(join(WEB_DIST, path));
    return { file: path.replace('/assets/', ''), raw: source.length, gzip: gzipSync(source, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0) / 1024;
  return [
    ...rows.map((r) => ({ file: r.file, 'raw KB': (r.raw / 1024).toFixed(1), 'gzip KB': (r.gzip / 1024).toFixed(1), target: '' })),
    {
      file: `TOTAL (${rows.length} files)`,
      'raw KB': (rows.reduce((s, r) => s + r.raw, 0) / 1024).toFixed(1),
      'gzip KB': total.toFixed(1),
      target: `${total <= INITIAL_JS_TARGET_KB ? 'pass' : 'MISS'} (≤ ${INITIAL_JS_TARGET_KB})`,
    },
  ];
}

if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
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
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(watchLongTasks);
  const streaming = await withDeadline('long answer', 180_000, streamLongAnswer(await context.newPage()));
  // A new page of the same visitor (same storage) opening the chat cold, as a reload does.
  const jsRows = await withDeadline('initial js', 60_000, initialJs(await context.newPage(), streaming.path));
  printTable('Browser: streaming a long answer (Long Tasks API, main thread)', [streaming.rows]);
  printTable(`Browser: JS requested by a cold load of /chats/{id} (gzip -9)`, jsRows);
} finally {
  await browser.close();
  await server.stop();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
}
