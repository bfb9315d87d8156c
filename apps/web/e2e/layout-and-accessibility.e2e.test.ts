import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ROUTES } from '@parallax/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';

// Evaluated rather than added as a script tag: the app's CSP refuses inline scripts.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A concrete path for a route pattern (`:param` → a sample value). */
const concrete = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => `sample-${name}`);

const VIEWS = [
  { name: 'desktop light', width: 1280, height: 800, colorScheme: 'light' },
  { name: 'desktop dark', width: 1280, height: 800, colorScheme: 'dark' },
  { name: 'phone light', width: 390, height: 844, colorScheme: 'light' },
  { name: 'phone dark', width: 390, height: 844, colorScheme: 'dark' },
] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  }) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/**
 * Contrast measured mid-transition (a theme switch fading colours, a modal fading in over the
 * page) is neither theme's: wait until every finite animation has finished.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(100);
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('every route: no horizontal overflow at 360 px, no serious axe violation', () => {
  for (const route of ROUTES) {
    const path = concrete(route.path);
    it(path, async () => {
      const t = await openPage(browser, { viewport: { width: 360, height: 780 } });
      try {
        await t.goto(path);
        await expect.poll(() => t.page.locator('body').innerText(), { timeout: 15_000 }).not.toContain(route.loadingText);
        expect(await horizontalOverflow(t.page), 'page wider than a 360 px screen').toBeLessThanOrEqual(0);

        const found: string[] = [];
        for (const view of VIEWS) {
          await t.page.setViewportSize({ width: view.width, height: view.height });
          await t.page.emulateMedia({ colorScheme: view.colorScheme });
          await settled(t.page);
          for (const v of await seriousViolations(t.page)) found.push(`${view.name}: ${v}`);
        }
        expect(found).toEqual([]);
      } finally {
        await t.context.close();
      }
    }, 90_000);
  }
});
