import { ROUTES } from '@parallax/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openPage } from './support/browser';

/** A concrete path for a route pattern (`:param` → a sample value). */
const concrete = (pattern: string) =>
  pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => `sample-${name}`);

const VIEWS = [
  { name: 'desktop light', width: 1280, height: 800, colorScheme: 'light' },
  { name: 'desktop dark', width: 1280, height: 800, colorScheme: 'dark' },
  { name: 'phone light', width: 390, height: 844, colorScheme: 'light' },
  { name: 'phone dark', width: 390, height: 844, colorScheme: 'dark' },
] as const;

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
    it(
      path,
      async () => {
        const t = await openPage(browser, { viewport: { width: 360, height: 780 } });
        try {
          await t.goto(path);
          await expect
            .poll(() => t.page.locator('body').innerText(), { timeout: 15_000 })
            .not.toContain(route.loadingText);
          expect(
            await horizontalOverflow(t.page),
            'page wider than a 360 px screen',
          ).toBeLessThanOrEqual(0);

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
      },
      90_000,
    );
  }
});
