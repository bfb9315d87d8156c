import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn } from './support/accounts';
import { launchBrowser, openTab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';
import { importLongChat } from './support/long-chat';
import { answerCount } from './support/thread';
import { openSearchPalette } from './support/search-palette';

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  server = await startServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${sim.url}/v1` });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sim?.close();
  await browser?.close();
});

const TURNS = 160;
/** A word only one answer, deep in the history, holds. */
const RARE = 'quokkafjord';
const RARE_TURN = 12;
/** The most elements the page may hold while a long chat is open (issue 35's budget). */
const DOM_BUDGET = 8_000;

const domSize = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);
const list = (page: Page) => page.getByTestId('message-list');

/** Where a turn's top is inside the list's view (px), or null when it is not rendered. */
const topInView = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const scroller = document.querySelector('[data-testid="message-list"]');
    const turn = [...document.querySelectorAll('[data-role="user"]')].find((el) =>
      el.textContent?.includes(wanted),
    );
    if (!scroller || !turn) return null;
    return turn.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  }, text);

/** Where a rendered row's top is inside the list's view (px), by its key. */
const rowTop = (page: Page, key: string) =>
  page.evaluate((wanted) => {
    const scroller = document.querySelector('[data-testid="message-list"]');
    const row = document.querySelector(`[data-row-key="${CSS.escape(wanted)}"]`);
    if (!scroller || !row) return null;
    return row.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  }, key);

/**
 * What a reader at the newest turn sees: the end of the newest answer ("Part n") inside the
 * list's view, and the composer. (Its question may be above the view: a typeset answer can be
 * taller than the view.)
 */
const newestInView = async (page: Page, turns: number) => {
  const answerEnd = await page.evaluate((wanted) => {
    const scroller = document.querySelector('[data-testid="message-list"]');
    const newest = [...document.querySelectorAll('[data-role="assistant"]')].at(-1);
    if (!scroller || !newest?.textContent?.includes(wanted)) return false;
    const s = scroller.getBoundingClientRect();
    const a = newest.getBoundingClientRect();
    return a.bottom > s.top && a.bottom <= s.bottom + 1;
  }, `Part ${turns}`);
  const composer = await page.getByLabel('Message', { exact: true }).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return answerEnd && composer !== null && composer.y + composer.height <= height;
};

/** The typeset formulas in the newest answers: [inline, displayed] per answer, newest last. */
const typeset = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-role="assistant"]')]
      .slice(-2)
      .map((a) => [
        a.querySelectorAll('.katex').length - a.querySelectorAll('.katex-display').length,
        a.querySelectorAll('.katex-display').length,
      ]),
  );

const inView = async (page: Page, text: string) => {
  const top = await topInView(page, text);
  const height = await list(page).evaluate((el) => el.clientHeight);
  return top !== null && top > -40 && top < height;
};

describe('a long chat', () => {
  it('scrolls to its first turn and back within the DOM budget, opens a deep search hit, and keeps the view while an answer streams below', async () => {
    const email = `long-${Date.now().toString(36)}@example.com`;
    await registerVerified(server, email, PASSWORD);
    const t = await openTab(browser, server.url);
    try {
      await signIn(t.page, email, PASSWORD);
      const chatId = await importLongChat(t.page, TURNS, { rare: RARE, rareTurn: RARE_TURN });
      await t.page.goto(`/chats/${chatId}`, { waitUntil: 'networkidle' });
      await expect.poll(() => newestInView(t.page, TURNS), { timeout: 20_000 }).toBe(true);
      // The maths is typeset, in both providers' delimiters: turn 159 is OpenAI's \( \) and
      // \[ \], turn 160 Gemini's $ and $$ (the fixture alternates them).
      await expect
        .poll(() => typeset(t.page), { timeout: 20_000 })
        .toEqual([
          [1, 1],
          [1, 1],
        ]);
      expect(await domSize(t.page)).toBeLessThan(DOM_BUDGET);

      // Up to the first turn: older pages load as the top comes near; the DOM stays small.
      let largest = 0;
      await expect
        .poll(
          async () => {
            await list(t.page).evaluate((el) => el.scrollTo({ top: 0 }));
            largest = Math.max(largest, await domSize(t.page));
            return inView(t.page, 'Question 1:');
          },
          { timeout: 60_000, interval: 300 },
        )
        .toBe(true);
      expect(await answerCount(t.page)).toBe(TURNS);
      expect(largest).toBeLessThan(DOM_BUDGET);
      // And back down to the newest.
      await expect
        .poll(
          async () => {
            await list(t.page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
            largest = Math.max(largest, await domSize(t.page));
            return newestInView(t.page, TURNS);
          },
          { timeout: 20_000, interval: 300 },
        )
        .toBe(true);
      expect(largest).toBeLessThan(DOM_BUDGET);

      // A search hit deep in the history opens the chat scrolled to it.
      await t.page.goto('/chats', { waitUntil: 'networkidle' });
      const box = await openSearchPalette(t.page);
      await box.pressSequentially(RARE);
      const hit = t.page.getByRole('option').filter({ hasText: 'Answer' }).first();
      await hit.waitFor({ timeout: 20_000 });
      await hit.click();
      await t.page.waitForURL((url) => url.pathname === `/chats/${chatId}`);
      await expect
        .poll(
          () =>
            t.page.evaluate((word) => {
              const scroller = document.querySelector('[data-testid="message-list"]');
              const answer = [...document.querySelectorAll('[data-role="assistant"]')].find((el) =>
                el.textContent?.includes(word),
              );
              if (!scroller || !answer) return false;
              const a = answer.getBoundingClientRect();
              const s = scroller.getBoundingClientRect();
              return a.bottom > s.top && a.top < s.bottom;
            }, RARE),
          { timeout: 30_000 },
        )
        .toBe(true);

      // Back at the newest turn, a slow answer streams while the reader looks a little higher up:
      // what they look at does not move.
      await t.page.goto(`/chats/${chatId}`, { waitUntil: 'networkidle' });
      await expect.poll(() => newestInView(t.page, TURNS), { timeout: 20_000 }).toBe(true);
      const composer = t.page.getByLabel('Message', { exact: true });
      await composer.fill('One more, slowly [sim tokens=400 tps=25]');
      await composer.press('Enter');
      const live = t.page.locator('[data-role="assistant"]').last();
      await expect
        .poll(() => live.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('streaming');
      await list(t.page).evaluate((el) => el.scrollBy({ top: -900 }));
      await t.page.waitForTimeout(300);
      // The first turn whose top is in view is what the reader looks at.
      const anchor = await t.page.evaluate(() => {
        const scroller = document.querySelector('[data-testid="message-list"]');
        const top = scroller?.getBoundingClientRect().top ?? 0;
        const rows = [...document.querySelectorAll<HTMLElement>('[data-row-key]')];
        return (
          rows.slice(0, -1).find((el) => el.getBoundingClientRect().top >= top)?.dataset.rowKey ??
          null
        );
      });
      expect(anchor).not.toBeNull();
      const before = await rowTop(t.page, anchor ?? '');
      await t.page.waitForTimeout(2_500);
      // Still streaming (the answer itself may be scrolled out of the DOM; Stop is not).
      expect(await t.page.getByRole('button', { name: 'Stop generating' }).count()).toBe(1);
      const after = await rowTop(t.page, anchor ?? '');
      expect(Math.abs((after ?? 0) - (before ?? 0))).toBeLessThan(2);
      await t.page.getByRole('button', { name: 'Jump to latest' }).click();
      await expect.poll(() => inView(t.page, 'One more, slowly')).toBe(true);
      expect(await domSize(t.page)).toBeLessThan(DOM_BUDGET);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 240_000);
});
