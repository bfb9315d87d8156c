import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How many answers the open chat holds. The message list renders only the turns near the view,
 * so counting answer bubbles in the DOM undercounts a long chat; the list says its own count.
 */
export async function answerCount(page: Page): Promise<number> {
  const list = page.getByTestId('message-list');
  if ((await list.count()) === 0) return 0;
  return Number((await list.getAttribute('data-answers', { timeout: 1_000 })) ?? 0);
}

/** Picks a model in the composer's picker by its name, and waits for the button to show it. */
export async function pickModel(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Model: / }).click();
  // An option is named "<model>, <provider>…"; a recent or starred model is listed twice.
  const named = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`);
  await page.getByRole('option', { name: named }).first().click();
  await expect
    .poll(() => page.getByRole('button', { name: /^Model: / }).innerText())
    .toContain(name);
}

/**
 * Types `text` into the open chat's composer and sends it with Enter once the box accepts a
 * send: on a loaded machine an answer's stream can end before its send's reply is in, and the
 * box takes no new send until that reply.
 */
export async function submitPrompt(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(text);
  await expect
    .poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), {
      timeout: 30_000,
    })
    .toBe(true);
  await box.press('Enter');
}
