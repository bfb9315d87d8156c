import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

interface Seen {
  rawMarkdownSeen?: string;
  mathErrorSeen?: string;
}

/**
 * Runs in the page: watches every frame for an answer showing markdown source that a renderer
 * would have turned into a list item or heading, or a formula failing to render, and keeps the
 * first such text it saw.
 */
function watchForRawMarkdown(): void {
  const seen = window as unknown as Seen;
  const look = () => {
    for (const answer of document.querySelectorAll<HTMLElement>(
      '[data-role="panel-answer"], [data-role="assistant"]',
    )) {
      if (/^(#{1,6} |[-*] \*\*)/m.test(answer.innerText))
        seen.rawMarkdownSeen ??= answer.innerText.slice(0, 200);
      const mathError = answer.querySelector('.katex-error');
      if (mathError) seen.mathErrorSeen ??= mathError.textContent ?? '';
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** From the next navigation on, records any answer that shows raw markdown or a math error for even a frame. */
export async function watchRawMarkdown(page: Page): Promise<void> {
  await page.addInitScript(watchForRawMarkdown);
}

/** The raw markdown an answer showed since the page loaded, if any did. */
export function rawMarkdownSeen(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as Seen).rawMarkdownSeen);
}

/** A formula that showed as a KaTeX error since the page loaded, if one did. */
export function mathErrorSeen(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as Seen).mathErrorSeen);
}

/** How many parts of the answers still wait for the parser (0 once every block rendered). */
export async function markdownSettled(page: Page): Promise<number> {
  return page.locator('[data-markdown-pending]').count();
}

/** Formulas shown as their LaTeX source while KaTeX loads (it loads on first use). */
export async function mathAwaitingKatex(page: Page): Promise<number> {
  return page.locator('code.math-display, code.math-inline').count();
}

/**
 * An answer's text once rendered: nothing waits for the parser or for KaTeX (it loads on first
 * use and re-renders the answer), and two reads in a row agree.
 */
export async function settledText(page: Page, answer: Locator): Promise<string> {
  let previous = '';
  await expect
    .poll(
      async () => {
        const pending = (await markdownSettled(page)) + (await mathAwaitingKatex(page));
        const text = await answer.innerText();
        const stable = pending === 0 && text === previous;
        previous = text;
        return stable;
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(true);
  return previous;
}
