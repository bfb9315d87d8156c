import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Pictures of the page as it stands into `dir`: desktop and phone, light and dark, none
 * scrolling sideways. The page is left light at desktop size.
 */
export async function shootEveryLook(
  page: Page,
  dir: string,
  name: string,
  focus?: Locator,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 375, height: 740 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // The theme's colours ease in: the picture waits for them to settle.
      await focus?.scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} ${size} ${scheme}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(dir, `${name}-${size}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}
