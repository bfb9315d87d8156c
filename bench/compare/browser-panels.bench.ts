import { launchChromium } from '../../apps/web/e2e/support/chromium';
import { formatMs, printTable } from '../lib/stats';
import { startServer, startUpstream } from './compare-harness';

/**
 * Chromium with 6 compare panels streaming at once: every main-thread task over 50 ms
 * (PerformanceObserver 'longtask') from the send until the last panel completes.
 * Needs the built web app (apps/web/dist) and Debian's Chromium.
 */
const MODELS = [
  'gpt-5',
  'gpt-5-mini',
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
  'gemini-2.5-pro',
  'grok-4',
];
const PROMPT =
  'Write a long comparison of sorting algorithms with code [sim ttft=50 tps=60 tokens=600]';
const DEADLINE_MS = 90_000;

declare global {
  interface Window {
    __compareLongTasks?: number[];
  }
}

async function main(): Promise<void> {
  const upstream = await startUpstream();
  const server = await startServer(upstream.sim.url);
  const browser = await launchChromium();
  const deadline = setTimeout(() => {
    console.error(`bench did not finish within ${DEADLINE_MS} ms`);
    process.exit(1);
  }, DEADLINE_MS);
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1600, height: 900 },
    });
    await context.addInitScript((models: string[]) => {
      localStorage.setItem(
        'compare-choice',
        JSON.stringify({ state: { models, blind: false }, version: 0 }),
      );
    }, MODELS);
    const page = await context.newPage();
    if (process.argv.includes('--debug')) page.on('console', (m) => console.log(m.text()));
    await page.goto('/compare', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Compare 6 models' }).waitFor();
    await page.evaluate(() => {
      window.__compareLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.__compareLongTasks?.push(entry.duration);
          console.log(`longtask ${Math.round(entry.startTime)} ${Math.round(entry.duration)}`);
        }
      }).observe({ type: 'longtask' });
    });
    await page.getByLabel('Compare prompt').fill(PROMPT);
    const began = Date.now();
    await page.getByRole('button', { name: 'Compare 6 models' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/compare/'), { timeout: 20_000 });
    await page.waitForFunction(
      () => document.querySelectorAll('section[data-panel][data-status="completed"]').length === 6,
      undefined,
      { timeout: 60_000, polling: 250 },
    );
    const streamMs = Date.now() - began;
    const tasks = await page.evaluate(() => window.__compareLongTasks ?? []);
    const characters = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-role="panel-answer"]')).reduce(
        (n, e) => n + (e.textContent?.length ?? 0),
        0,
      ),
    );
    printTable('Compare in Chromium: 6 panels streaming', [
      { metric: 'streaming time (send → 6 completed)', value: formatMs(streamMs) },
      { metric: 'characters rendered', value: characters },
      { metric: 'main-thread tasks over 50 ms', value: tasks.length },
      { metric: 'longest task', value: tasks.length ? formatMs(Math.max(...tasks)) : '–' },
    ]);
  } finally {
    clearTimeout(deadline);
    await browser.close();
    await server.stop();
    await upstream.close();
  }
}

await main();
