import { MESSAGES } from '@parallax/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const lastAssistant = (page: Page) => page.locator('[data-role="assistant"]').last();
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function sendFromHome(page: Page, text: string): Promise<void> {
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect.poll(() => focusedId(page), { timeout: 10_000 }).toBe('composer');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
}

describe('focus and keyboard', () => {
  it('the box is focused on home and stays focused after sending; Escape stops the answer', async () => {
    const t = await openPage(browser);
    try {
      await t.goto('/');
      await expect.poll(() => focusedId(t.page), { timeout: 10_000 }).toBe('composer');
      await t.page.keyboard.type('Write a long story [sim tps=10 tokens=400]');
      await t.page.keyboard.press('Enter');
      // Typed at once, while home hands over to the chat's own page: not a keystroke is lost.
      await t.page.keyboard.type('next question');
      await t.page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
      await expect.poll(() => lastAssistant(t.page).innerText(), { timeout: 20_000 }).toMatch(/\S/);
      await expect.poll(() => focusedId(t.page)).toBe('composer');
      await expect.poll(() => composer(t.page).inputValue()).toBe('next question');
      await t.page.keyboard.type(' and more');
      await expect.poll(() => composer(t.page).inputValue()).toBe('next question and more');

      // Past the model's name above the answer: some of the answer itself has arrived.
      await expect
        .poll(() => lastAssistant(t.page).innerText(), { timeout: 20_000 })
        .toMatch(/[\s\S]{80,}/);
      await t.page.keyboard.press('Escape');
      await expect
        .poll(() => lastAssistant(t.page).getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      expect(await lastAssistant(t.page).innerText()).toContain(
        MESSAGES.cancelledSuffix.replaceAll('*', ''),
      );
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 90_000);

  it('"?" lists the shortcuts, Ctrl+Shift+O opens a new chat, Shift+Esc focuses the box', async () => {
    const t = await openPage(browser);
    try {
      await t.goto('/chats');
      await t.page.locator('body').click({ position: { x: 600, y: 700 } });
      await t.page.keyboard.press('Shift+?');
      const dialog = t.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect.poll(() => dialog.innerText()).toContain('New chat');
      await t.page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);

      await t.page.keyboard.press('Control+Shift+O');
      await t.page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => focusedId(t.page)).toBe('composer');
      await t.page.getByRole('link', { name: 'Chats', exact: true }).first().focus();
      await t.page.keyboard.press('Shift+Escape');
      await expect.poll(() => focusedId(t.page)).toBe('composer');
    } finally {
      await t.context.close();
    }
  });
});

describe('recent chats in the sidebar', () => {
  it('lists the chat under Today, marks it, and renames it inline; the tab and header follow', async () => {
    const t = await openPage(browser);
    try {
      await sendFromHome(t.page, 'Hello sidebar [sim tokens=20]');
      await expect
        .poll(() => lastAssistant(t.page).getAttribute('data-status'), { timeout: 30_000 })
        .toBe('completed');
      const recent = t.page.getByRole('region', { name: 'Recent chats' });
      await expect.poll(() => recent.innerText(), { timeout: 15_000 }).toContain('Today');
      const row = recent.getByTestId('recent-chat').first();
      await expect.poll(() => row.getByRole('link').getAttribute('aria-current')).toBe('page');

      await row.hover();
      await row.getByRole('button', { name: /^Rename / }).click();
      const field = t.page.getByLabel('Conversation title');
      await field.fill('Renamed from the sidebar');
      await field.press('Enter');
      await expect.poll(() => recent.innerText()).toContain('Renamed from the sidebar');
      await expect
        .poll(() => t.page.getByRole('heading', { level: 1 }).innerText())
        .toBe('Renamed from the sidebar');
      await expect.poll(() => t.page.title()).toBe('Renamed from the sidebar · Parallax');
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 90_000);
});
