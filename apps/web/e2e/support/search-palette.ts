import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens the search palette with Ctrl/⌘+K and returns its box. On a busy machine a page can go
 * network-idle before its script has started, and a key pressed then is lost (as it would be
 * for a person), so the key is pressed again until the palette shows.
 */
export async function openSearchPalette(page: Page): Promise<Locator> {
  const box = page.getByRole('combobox', { name: 'Search chats' });
  await expect
    .poll(
      async () => {
        if (!(await box.isVisible())) await page.keyboard.press('ControlOrMeta+K');
        return box.isVisible();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
  return box;
}
