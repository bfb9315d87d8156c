import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const rows = (page: Page) => page.getByTestId('favourite-row');
// A shared 2-core machine can take seconds to render a list.
const SLOW = { timeout: 20_000 };

/** Sends from home and waits for the answer; answers the chat's path. */
async function newChat(page: Page, text: string): Promise<string> {
  await page.goto('/', { waitUntil: 'networkidle' });
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
  await expect
    .poll(() => page.locator('[data-role="assistant"]').last().getAttribute('data-status'), {
      timeout: 40_000,
    })
    .toBe('completed');
  return new URL(page.url()).pathname;
}

describe('favourites', () => {
  it('star a chat and find it on /favourites; unstar with undo', async () => {
    const t = await openPage(browser);
    try {
      const starredPath = await newChat(t.page, 'Plan a picnic by the lake [sim tokens=12]');
      const star = t.page.getByRole('button', { name: /^Favourite / }).first();
      await star.click();
      await expect
        .poll(
          () =>
            t.page
              .getByRole('button', { name: /^Unfavourite / })
              .first()
              .getAttribute('aria-pressed'),
          SLOW,
        )
        .toBe('true');
      // The chat is named after its first exchange, a moment after the answer completes.
      const heading = t.page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.innerText(), SLOW).not.toBe('New chat');
      const title = await heading.innerText();
      await newChat(t.page, 'Write a limerick about owls [sim tokens=12]');

      // /chats' Favourites filter shows the starred chat only.
      await t.goto('/chats');
      await t.page.getByRole('button', { name: 'Favourites', exact: true }).click();
      await expect.poll(() => new URL(t.page.url()).search, SLOW).toBe('?filter=favourites');
      await expect.poll(() => t.page.getByTestId('conversation-row').count(), SLOW).toBe(1);
      expect(await t.page.getByTestId('conversation-row').innerText()).toContain(title);

      await t.goto('/favourites');
      await expect.poll(() => rows(t.page).count(), SLOW).toBe(1);
      expect(await rows(t.page).innerText()).toContain(title);
      await settled(t.page);
      expect(await seriousViolations(t.page)).toEqual([]);

      // Unstar in place: the row leaves, Undo brings it back where it was, and the server agrees.
      await rows(t.page)
        .getByRole('button', { name: `Unfavourite ${title}` })
        .click();
      await expect.poll(() => rows(t.page).count(), SLOW).toBe(0);
      const undoBar = t.page.getByRole('status').filter({ hasText: 'from favourites' });
      await undoBar.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => rows(t.page).count(), SLOW).toBe(1);
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => rows(t.page).count(), SLOW).toBe(1);

      // Unstarred for good: after the undo window the page explains how to star.
      await rows(t.page)
        .getByRole('button', { name: `Unfavourite ${title}` })
        .click();
      await expect.poll(() => undoBar.count(), SLOW).toBe(0);
      await t.page.reload({ waitUntil: 'networkidle' });
      await t.page.getByRole('heading', { name: 'No favourites yet' }).waitFor();
      await t.goto(starredPath);
      await expect
        .poll(
          () =>
            t.page
              .getByRole('button', { name: /^Favourite / })
              .first()
              .getAttribute('aria-pressed'),
          SLOW,
        )
        .toBe('false');
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);
});
