import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { launchChromium } from '../../apps/web/e2e/support/chromium';
import { importLongChat } from '../../apps/web/e2e/support/long-chat';
import { startServer, type BenchServer } from '../compare/compare-harness';
import { formatMs, percentile, printTable } from '../lib/stats';
import { describeLongTasks, endTrace, longTasks, startTrace } from './trace-tasks';

/**
 * Long chats in Chromium at 1280×800 (issue 35): chats of 100, 500 and 2,000 turns with
 * markdown, lists, code and maths, built through the account import. Per size and run:
 * - open: navigation → the newest question in view and the composer ready; the longest
 *   main-thread task until then; DOM elements once open;
 * - typing: 40 keys into the composer, one every 60 ms; key-to-paint = keydown's timestamp →
 *   the message task queued from the next animation frame (after that frame's paint); and how
 *   many key events the Event Timing API reports over 16 ms;
 * - scrolling: wheel steps of 400 px every 16 ms from the bottom to the first turn (older pages
 *   load on the way); frames over 50 ms (requestAnimationFrame intervals), main-thread tasks
 *   over 50 ms, and the most DOM elements seen.
 * Each run also types the same keys into a bare textarea first (the floor: the next frame still
 * has to come), and the 1-turn chat is the floor of opening.
 * Flags: --sizes=1,100,500,2000 --runs=3 --network (each API call made while a chat opens),
 * --trace=PREFIX (a Chromium trace of each scroll to the top, written to
 * PREFIX-<turns>-<run>.json, and each main-thread task over 50 ms in it printed with where its
 * time went). Needs the built web app (apps/web/dist) and Debian's Chromium.
 */
const args = process.argv.slice(2);
const flag = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
// A 1-turn chat is the floor of opening: the app's own start on this machine.
const SIZES = (flag('sizes') ?? '1,100,500,2000').split(',').map(Number);
const RUNS = Number(flag('runs') ?? 3);
const KEYS = 40;
/** Prints every API call made while a chat opens, with its timing (the network panel's view). */
const NETWORK = args.includes('--network');
const TRACE = flag('trace');

interface Probe {
  longTasks: number[];
  frames: number[];
  keyToPaint: number[];
  slowKeys: number;
  maxNodes: number;
  scrolling: boolean;
}

declare global {
  interface Window {
    __probe?: Probe;
  }
}

/**
 * Installed before the app's own scripts: task, frame, key and DOM-size observers. A string,
 * not a function: tsx keeps function names through a helper the page does not have.
 */
const INSTALL_PROBE = `
(() => {
  const probe = { longTasks: [], frames: [], keyToPaint: [], slowKeys: 0, maxNodes: 0, scrolling: false };
  window.__probe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name.startsWith('key') && entry.duration > 16) probe.slowKeys += 1;
  }).observe({ type: 'event', durationThreshold: 16 });
  const nodes = document.getElementsByTagName('*');
  let last = performance.now();
  let frame = 0;
  const tick = (now) => {
    if (probe.scrolling) {
      probe.frames.push(now - last);
      if ((frame += 1) % 5 === 0) probe.maxNodes = Math.max(probe.maxNodes, nodes.length);
    }
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => probe.keyToPaint.push(performance.now() - start);
      channel.port2.postMessage(null);
    });
  }, { capture: true });
})();
`;

const probe = (page: Page) =>
  page.evaluate(() => {
    const p = window.__probe;
    if (!p) throw new Error('probe not installed');
    return { ...p, nodes: document.getElementsByTagName('*').length };
  });
const resetProbe = (page: Page) =>
  page.evaluate(() => {
    const p = window.__probe;
    if (p) Object.assign(p, { longTasks: [], frames: [], keyToPaint: [], slowKeys: 0 });
  });

/** Whether the turn asking "Question n:" is in the list's view. */
const questionInView = (page: Page, n: number) =>
  page.evaluate((wanted) => {
    const scroller = document.querySelector('[data-testid="message-list"]');
    const turn = Array.from(document.querySelectorAll('[data-role="user"]')).find((el) =>
      el.textContent?.includes(wanted),
    );
    if (!scroller || !turn) return false;
    const s = scroller.getBoundingClientRect();
    const t = turn.getBoundingClientRect();
    return t.bottom > s.top && t.top < s.bottom;
  }, `Question ${n}:`);

async function until(check: () => Promise<boolean>, timeoutMs: number, step = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, step));
  }
}

interface Sample {
  floorKeyP50: number;
  floorKeyP95: number;
  openMs: number;
  openLongest: number;
  openNodes: number;
  keyP50: number;
  keyP95: number;
  slowKeys: number;
  scrollFrames: number;
  scrollSlowFrames: number;
  scrollLongTasks: number;
  scrollLongest: number;
  maxNodes: number;
  scrollMs: number;
}

const TYPED = 'the quick brown fox jumps over the lazy d';

/**
 * The floor of key-to-paint on this machine in the same run: the same keys into a bare
 * textarea (no app), which still waits for the next frame.
 */
async function typingFloor(page: Page): Promise<{ p50: number; p95: number }> {
  await page.goto('data:text/html,<textarea aria-label="Message"></textarea>');
  const box = page.getByLabel('Message');
  await box.click();
  await box.pressSequentially(TYPED, { delay: 60 });
  await page.waitForTimeout(300);
  const { keyToPaint } = await probe(page);
  return { p50: percentile(keyToPaint, 50), p95: percentile(keyToPaint, 95) };
}

/** An API call made while the chat opened: when it started after navigation, and how long it took. */
interface ApiCall {
  path: string;
  startMs: number;
  durationMs: number;
  /** Request sent → response's first byte: the server's share, with the loopback round trip. */
  waitMs: number;
}

async function measure(page: Page, chatId: string, turns: number, run: number): Promise<Sample> {
  const floor = await typingFloor(page);
  const calls: ApiCall[] = [];
  const began = Date.now();
  const onFinished = (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const timing = request.timing();
    calls.push({
      path: `${url.pathname}${url.search}`.replace(/[0-9a-f-]{36}/g, ':id').slice(0, 70),
      startMs: timing.startTime - began,
      durationMs: timing.responseEnd,
      waitMs: timing.responseStart - timing.requestStart,
    });
  };
  page.on('requestfinished', onFinished);
  await page.goto(`/chats/${chatId}`);
  await until(() => questionInView(page, turns), 30_000);
  await page.getByLabel('Message', { exact: true }).waitFor();
  const openMs = Date.now() - began;
  page.off('requestfinished', onFinished);
  if (NETWORK)
    for (const call of calls.sort((a, b) => a.startMs - b.startMs))
      console.log(
        `  ${turns} turns: +${formatMs(call.startMs)} ${call.path} ${formatMs(call.durationMs)} (server ${formatMs(call.waitMs)})`,
      );
  await page.waitForTimeout(1_500);
  const opened = await probe(page);

  await resetProbe(page);
  const composer = page.getByLabel('Message', { exact: true });
  await composer.click();
  await composer.pressSequentially(TYPED, { delay: 60 });
  await page.waitForTimeout(300);
  const typed = await probe(page);
  await composer.fill('');

  // Tracing starts before the count does: starting its sampler is itself a long task.
  const cdp = TRACE ? await page.context().newCDPSession(page) : null;
  if (cdp) await startTrace(cdp);
  await resetProbe(page);
  await page.evaluate(() => {
    if (window.__probe) window.__probe.scrolling = true;
  });
  const box = await page.getByTestId('message-list').boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const scrollStart = Date.now();
  await until(
    async () => {
      await page.mouse.wheel(0, -400);
      return questionInView(page, 1);
    },
    240_000,
    16,
  );
  const scrollMs = Date.now() - scrollStart;
  if (cdp) {
    const file = `${TRACE}-${turns}-${run + 1}.json`;
    const tasks = longTasks(await endTrace(cdp, file));
    console.log(`  ${turns} turns, run ${run + 1}: ${tasks.length} tasks > 50 ms in ${file}`);
    for (const line of describeLongTasks(tasks)) console.log(`    ${line}`);
  }
  await page.evaluate(() => {
    if (window.__probe) window.__probe.scrolling = false;
  });
  const scrolled = await probe(page);
  return {
    floorKeyP50: floor.p50,
    floorKeyP95: floor.p95,
    openMs,
    openLongest: Math.max(0, ...opened.longTasks),
    openNodes: opened.nodes,
    keyP50: percentile(typed.keyToPaint, 50),
    keyP95: percentile(typed.keyToPaint, 95),
    slowKeys: typed.slowKeys,
    scrollFrames: scrolled.frames.length,
    scrollSlowFrames: scrolled.frames.filter((f) => f > 50).length,
    scrollLongTasks: scrolled.longTasks.length,
    scrollLongest: Math.max(0, ...scrolled.longTasks),
    maxNodes: Math.max(scrolled.maxNodes, opened.nodes),
    scrollMs,
  };
}

const median = (values: number[]) => percentile(values, 50);
const PASSWORD = 'Long chats stay smooth 35';

/** A verified account (the code read from the server's dev outbox), signed in on `page`. */
async function signedInAccount(server: BenchServer, page: Page): Promise<void> {
  const email = `long-chat-bench-${Date.now().toString(36)}@example.com`;
  const post = (url: string, body: object) =>
    fetch(`${server.url}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  if (!(await post('/auth/register', { email, password: PASSWORD, name: 'Bench' })).ok)
    throw new Error('register failed');
  const outbox = path.join(server.dataDir, 'dev-outbox.jsonl');
  await until(
    async () => existsSync(outbox) && readFileSync(outbox, 'utf8').includes(email),
    15_000,
  );
  const mail = readFileSync(outbox, 'utf8')
    .split('\n')
    .filter((line) => line.includes(email))
    .at(-1);
  const code = /verification code is: (\d{6})/.exec(mail ?? '')?.[1];
  if (!(await post('/auth/verify-code', { email, code })).ok) throw new Error('verify failed');
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function main(): Promise<void> {
  const server = await startServer('http://127.0.0.1:9');
  const browser = await launchChromium();
  try {
    const setup = await browser.newPage({ baseURL: server.url });
    await signedInAccount(server, setup);
    const chats = new Map<number, string>();
    for (const turns of SIZES) chats.set(turns, await importLongChat(setup, turns));
    const storage = await setup.context().storageState();
    await setup.close();

    const rows: Record<string, string | number>[] = [];
    for (const turns of SIZES) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: 1280, height: 800 },
          storageState: storage,
        });
        await context.addInitScript({ content: INSTALL_PROBE });
        const page = await context.newPage();
        samples.push(await measure(page, chats.get(turns) ?? '', turns, run));
        await context.close();
      }
      for (const [run, s] of samples.entries())
        rows.push({
          turns,
          run: run + 1,
          'open ms': formatMs(s.openMs),
          'open longest task': formatMs(s.openLongest),
          'DOM open / max': `${s.openNodes} / ${s.maxNodes}`,
          'key→paint p50 / p95': `${formatMs(s.keyP50)} / ${formatMs(s.keyP95)}`,
          'floor key→paint p50 / p95': `${formatMs(s.floorKeyP50)} / ${formatMs(s.floorKeyP95)}`,
          'keys > 16 ms (Event Timing)': `${s.slowKeys} / ${KEYS}`,
          'scroll frames > 50 ms': `${s.scrollSlowFrames} / ${s.scrollFrames} (${((100 * s.scrollSlowFrames) / Math.max(1, s.scrollFrames)).toFixed(2)} %)`,
          'scroll tasks > 50 ms (longest)': `${s.scrollLongTasks} (${formatMs(s.scrollLongest)})`,
          'scroll to top': formatMs(s.scrollMs),
        });
      rows.push({
        turns,
        run: 'median',
        'open ms': formatMs(median(samples.map((s) => s.openMs))),
        'open longest task': formatMs(median(samples.map((s) => s.openLongest))),
        'DOM open / max': `${median(samples.map((s) => s.openNodes))} / ${Math.max(...samples.map((s) => s.maxNodes))}`,
        'key→paint p50 / p95': `${formatMs(median(samples.map((s) => s.keyP50)))} / ${formatMs(median(samples.map((s) => s.keyP95)))}`,
        'floor key→paint p50 / p95': `${formatMs(median(samples.map((s) => s.floorKeyP50)))} / ${formatMs(median(samples.map((s) => s.floorKeyP95)))}`,
        'keys > 16 ms (Event Timing)': '',
        'scroll frames > 50 ms': '',
        'scroll tasks > 50 ms (longest)': '',
        'scroll to top': '',
      });
    }
    printTable('Long chats in Chromium (1280×800)', rows);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
