import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openPage } from './support/browser';
import { answerCount, submitPrompt } from './support/thread';
import { openSearchPalette } from './support/search-palette';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A shared 2-core machine can take seconds to answer or render.
const SLOW = { timeout: 40_000 };
const lastStatus = (page: Page) =>
  page.locator('[data-role="assistant"]').last().getAttribute('data-status');

/** Sends `text` in the open chat (or from home) and waits for the answer to complete. */
async function send(page: Page, text: string, answers: number): Promise<void> {
  await submitPrompt(page, text);
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), SLOW);
  await expect.poll(() => answerCount(page), SLOW).toBe(answers);
  await expect.poll(() => lastStatus(page), SLOW).toBe('completed');
}

/** Whether the element's box lies inside the window (the message list scrolls, not the page). */
const inView = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    return !!box && box.bottom > 0 && box.top < window.innerHeight;
  }, selector);

describe('search palette', () => {
  it('⌘K finds a word from an old answer and opens that message', async () => {
    const t = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    try {
      // The sim's answer repeats the last line of the prompt: the rare word is in the answer.
      await t.goto('/');
      await send(t.page, 'Tell me about this\nquokkalantern festival [sim tokens=40]', 1);
      const chatPath = new URL(t.page.url()).pathname;
      for (let i = 2; i <= 4; i += 1)
        await send(t.page, `Follow-up number ${i}, in depth [sim tokens=220]`, i);
      const oldAnswer = t.page.locator('[data-role="assistant"]').first();
      const answerId = await oldAnswer.getAttribute('data-message-id');
      const selector = `[data-role="assistant"][data-message-id="${answerId}"]`;
      expect(await inView(t.page, selector)).toBe(false);

      await t.goto('/chats');
      const box = await openSearchPalette(t.page);
      await box.pressSequentially('quokkalan');
      const options = t.page.getByRole('option');
      await expect
        .poll(async () => (await options.allInnerTexts()).some((o) => o.includes('Answer')), SLOW)
        .toBe(true);
      // The match is marked in the snippet, as text.
      expect(await t.page.locator('[role="option"] mark').first().innerText()).toMatch(
        /^quokkalantern$/i,
      );
      await settled(t.page);
      expect(await seriousViolations(t.page)).toEqual([]);

      // Arrow keys to the answer's hit, Enter opens the chat at that answer.
      const texts = await options.allInnerTexts();
      const target = texts.findIndex((o) => o.includes('Answer'));
      for (let i = 0; i < target; i += 1) await box.press('ArrowDown');
      expect(await options.nth(target).getAttribute('aria-selected')).toBe('true');
      await box.press('Enter');
      await t.page.waitForURL((url) => url.pathname === chatPath, SLOW);
      await expect.poll(() => inView(t.page, selector), SLOW).toBe(true);
      // The message list was scrolled to it: the newest answer is out of view.
      const newest = await t.page
        .locator('[data-role="assistant"]')
        .last()
        .getAttribute('data-message-id');
      // Polled: the rows around the hit are measured as they render, and the view settles.
      await expect
        .poll(() => inView(t.page, `[data-role="assistant"][data-message-id="${newest}"]`), SLOW)
        .toBe(false);
      await expect.poll(() => new URL(t.page.url()).search).toBe('');

      // Escape closes the palette; the sidebar's Search button opens it again.
      await t.page
        .getByRole('button', { name: /^Search/ })
        .first()
        .click();
      await box.waitFor(SLOW);
      await t.page.keyboard.press('Escape');
      await expect.poll(() => box.count()).toBe(0);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 180_000);
});
