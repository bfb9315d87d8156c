import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

/**
 * "Initial JS" of a route, as its budget counts it: every script the browser fetches for a cold
 * load before the route's screen has rendered its first content (entry, modulepreloads, the
 * screen's chunk and its static imports). First content = the first message bubble showing
 * text, seen by a MutationObserver in the page; text held unseen for the markdown parser
 * (`[data-markdown-pending]`, visibility: hidden) does not count. A script counts as initial
 * when its request started (Resource Timing) before that moment. Also stamped: when the first
 * answer's opening block shows as rendered markdown (what waiting for the parser costs the
 * reader, after first content). Scripts fetched afterwards, until the network
 * is idle again after the 1 s preloads (markdown renderer, KaTeX, highlighter, Radix parts,
 * preloaded route groups), are listed separately as "after first render". Sizes are of the
 * built files, gzip -9.
 */
export const INITIAL_JS_TARGET_KB = 150;

const AFTER_RENDER_SETTLE_MS = 1_500;

const FIRST_CONTENT_SELECTOR = '[data-role="user"], [data-role="assistant"]';
const PENDING_SELECTOR = '[data-markdown-pending]';

declare global {
  interface Window {
    __firstContentAt?: number;
    __answerRenderedAt?: number;
  }
}

/**
 * Page init script: stamps performance.now() when the first message bubble shows text, and when
 * the first answer shows rendered markdown. A string, not a function: tsx would wrap the inner
 * functions in a helper the page does not have.
 */
const WATCH_FIRST_CONTENT = `
(() => {
  const selector = ${JSON.stringify(FIRST_CONTENT_SELECTOR)};
  const pending = ${JSON.stringify(PENDING_SELECTOR)};
  const textLength = (node) => (node.textContent || '').trim().length;
  const shownLength = (element) => {
    let length = textLength(element);
    for (const hidden of element.querySelectorAll(pending)) length -= textLength(hidden);
    return length;
  };
  const observer = new MutationObserver(() => {
    if (window.__firstContentAt === undefined) {
      for (const element of document.querySelectorAll(selector)) {
        if (shownLength(element) > 0) {
          window.__firstContentAt = performance.now();
          break;
        }
      }
    }
    for (const answer of document.querySelectorAll('[data-role="assistant"] .markdown')) {
      const opening = answer.firstElementChild;
      if (opening && !opening.matches(pending) && textLength(opening) > 0) {
        window.__answerRenderedAt = performance.now();
        observer.disconnect();
        return;
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();
`;

interface ScriptLoad {
  path: string;
  startMs: number;
}

export interface InitialJsReport {
  firstContentMs: number;
  /** When the first answer showed as rendered markdown, from first content. */
  answerRenderedAfterMs: number;
  initial: Array<Record<string, string | number>>;
  afterFirstRender: Array<Record<string, string | number>>;
  initialGzipKb: number;
  pass: boolean;
}

function sizeRows(loads: ScriptLoad[], webDist: string, firstContentMs: number) {
  const rows = loads.map((load) => {
    const source = readFileSync(join(webDist, load.path));
    return {
      file: load.path.replace('/assets/', ''),
      startMs: load.startMs,
      raw: source.length,
      gzip: gzipSync(source, { level: 9 }).length,
    };
  });
  rows.sort((a, b) => a.startMs - b.startMs);
  const totalKb = rows.reduce((sum, r) => sum + r.gzip, 0) / 1024;
  const table = rows.map((r) => ({
    file: r.file,
    'requested at ms (first content = 0)': (r.startMs - firstContentMs).toFixed(0),
    'raw KB': (r.raw / 1024).toFixed(1),
    'gzip KB': (r.gzip / 1024).toFixed(1),
  }));
  const total = {
    file: `TOTAL (${rows.length} files)`,
    'requested at ms (first content = 0)': '',
    'raw KB': (rows.reduce((s, r) => s + r.raw, 0) / 1024).toFixed(1),
    'gzip KB': totalKb.toFixed(1),
  };
  return { table: [...table, total], totalKb };
}

/**
 * Opens `chatPath` in a new page of `context` (so with that visitor's storage, as a reload
 * does) and splits the scripts it fetches into initial and after-first-render.
 */
export async function measureInitialJs(
  context: BrowserContext,
  chatPath: string,
  webDist: string,
): Promise<InitialJsReport> {
  const page = await context.newPage();
  await page.addInitScript({ content: WATCH_FIRST_CONTENT });
  await page.goto(chatPath, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__firstContentAt !== undefined, undefined, {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  // The app fetches more a second after the screen shows (spec §9 preloads, Radix parts): let
  // those start, then wait for the network to settle again.
  await page.waitForTimeout(AFTER_RENDER_SETTLE_MS);
  await page.waitForLoadState('networkidle');
  const { firstContentMs, answerRenderedMs, scripts } = await page.evaluate(() => ({
    firstContentMs: window.__firstContentAt ?? Number.NaN,
    answerRenderedMs: window.__answerRenderedAt ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, startMs: entry.startTime }))
      .filter((load) => load.path.endsWith('.js')),
  }));
  await page.close();
  // theme-init.js is a classic script served from public/, not part of the bundle budget's
  // subject (it is a few lines), but it is fetched: it counts like any other script.
  const initial = sizeRows(
    scripts.filter((s) => s.startMs <= firstContentMs),
    webDist,
    firstContentMs,
  );
  const after = sizeRows(
    scripts.filter((s) => s.startMs > firstContentMs),
    webDist,
    firstContentMs,
  );
  const pass = initial.totalKb <= INITIAL_JS_TARGET_KB;
  const lastInitial = initial.table.at(-1);
  if (lastInitial)
    lastInitial.file += ` — ${pass ? 'pass' : 'MISS'} (≤ ${INITIAL_JS_TARGET_KB} KB)`;
  return {
    firstContentMs,
    answerRenderedAfterMs: answerRenderedMs - firstContentMs,
    initial: initial.table,
    afterFirstRender: after.table,
    initialGzipKb: initial.totalKb,
    pass,
  };
}
