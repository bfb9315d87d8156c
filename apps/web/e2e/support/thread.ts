import type { Page } from 'playwright-core';

/**
 * How many answers the open chat holds. The message list renders only the turns near the view,
 * so counting answer bubbles in the DOM undercounts a long chat; the list says its own count.
 */
export async function answerCount(page: Page): Promise<number> {
  const list = page.getByTestId('message-list');
  if ((await list.count()) === 0) return 0;
  return Number((await list.getAttribute('data-answers', { timeout: 1_000 })) ?? 0);
}
