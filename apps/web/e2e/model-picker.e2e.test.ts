import { simTitleFor, startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { settledText } from './support/raw-markdown';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('picker-admin');
let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  sim = await startProviderSim({ port: 0, host: '127.0.0.1' });
  // OpenAI answers; Anthropic, Gemini, Vertex and xAI have no key: the server cannot reach them.
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ADMIN_EMAILS: ADMIN,
      OPENAI_API_KEY: 'sk-picker-e2e',
      OPENAI_BASE_URL: sim.baseUrls.openai,
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

const picker = (page: Page) => page.getByRole('dialog', { name: 'Choose a model' });
const search = (page: Page) => picker(page).getByRole('combobox', { name: 'Search models' });
const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const lastAssistant = (page: Page) => page.locator('[data-role="assistant"]').last();
const groupOptions = (page: Page, group: string) =>
  picker(page).getByRole('group', { name: group }).getByRole('option');

/** Opens the picker with its shortcut and waits for the search box to have the focus. */
async function openWithShortcut(page: Page): Promise<void> {
  await page.keyboard.press('Control+.');
  await expect.poll(() => search(page).evaluate((el) => el === document.activeElement)).toBe(true);
}

let adminReady: Promise<void> | undefined;
/** The admin's account, made by the first test that needs it (expect.poll runs in tests only). */
function ensureAdmin(): Promise<void> {
  adminReady ??= registerVerified(server, ADMIN, PASSWORD);
  return adminReady;
}

async function signedInTab(email: string): Promise<Tab> {
  if (email === ADMIN) await ensureAdmin();
  const tab = await openTab(browser, server.url);
  await signIn(tab.page, email, PASSWORD);
  await tab.page.getByRole('button', { name: /^Model: \S/ }).waitFor();
  return tab;
}

describe('the model picker', () => {
  it('finds a model by typing, keeps favourites and recent picks on top, and hides unreachable ones (keyboard only)', async () => {
    const email = uniqueEmail('picker-user');
    await registerVerified(server, email, PASSWORD);
    const { page, context, errors } = await signedInTab(email);
    try {
      await openWithShortcut(page);
      // Unreachable providers' models are not offered to a user.
      await expect.poll(() => picker(page).getByRole('option').count()).toBeGreaterThan(0);
      expect(
        await picker(page)
          .getByRole('option', { name: /Claude|Grok|Gemini/ })
          .count(),
      ).toBe(0);

      await page.keyboard.type('gpt mini');
      const active = () =>
        picker(page).locator('[role="option"][aria-selected="true"]').getAttribute('aria-label');
      await expect.poll(active).toMatch(/^GPT-5 mini, OpenAI/);
      await expect
        .poll(() => picker(page).getByRole('option').first().innerText())
        .toMatch(
          /400K context[\s\S]*Text, Images, Files[\s\S]*\$0\.25 in \/ \$2 out per 1M tokens/,
        );
      await page.keyboard.press('Shift+Enter'); // star it
      await expect.poll(active).toMatch(/, favourite/);
      await page.keyboard.press('Enter');
      await picker(page).waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.getByRole('button', { name: /^Model: / }).innerText())
        .toContain('GPT-5 mini');

      // A second pick by arrows: the offline demo becomes the recent one.
      await openWithShortcut(page);
      await page.keyboard.type('offline');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await expect.poll(active).toMatch(/^Offline demo \(simulated\)/);
      await page.keyboard.press('Enter');
      await picker(page).waitFor({ state: 'hidden' });

      // After a reload (the star is the account's, on the server): favourite, then recent.
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('button', { name: /^Model: \S/ }).waitFor();
      await openWithShortcut(page);
      const groups = picker(page).getByRole('group');
      await expect.poll(() => groups.first().getAttribute('aria-labelledby')).toBeTruthy();
      await expect
        .poll(() => groupOptions(page, 'Favourites').first().getAttribute('aria-label'))
        .toMatch(/^GPT-5 mini/);
      await expect
        .poll(() => groupOptions(page, 'Recently used').first().getAttribute('aria-label'))
        .toMatch(/^Offline demo \(simulated\)/);
      await page.keyboard.press('Escape');
      await picker(page).waitFor({ state: 'hidden' });
      expect(errors, errors.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows an admin the unreachable models with the reason', async () => {
    const { page, context } = await signedInTab(ADMIN);
    try {
      await openWithShortcut(page);
      await page.keyboard.type('claude haiku');
      const option = picker(page).getByRole('option', { name: /^Claude Haiku 4\.5/ });
      await expect.poll(() => option.getAttribute('aria-disabled')).toBe('true');
      await expect.poll(() => option.innerText()).toContain('ANTHROPIC_API_KEY is not set');
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  }, 30_000);
});

describe('chat titles', () => {
  it('a title written by the admin’s model replaces “New chat” after the first answer, without a reload', async () => {
    const { page, context, errors } = await signedInTab(ADMIN);
    try {
      await page.goto('/admin/ai-management', { waitUntil: 'networkidle' });
      const select = page.getByLabel('Title model');
      await select.selectOption({ label: 'GPT-5 mini' });
      await page.getByText('New chats are named by GPT-5 mini').waitFor();

      const question = 'how do tides work on other planets [sim tokens=12]';
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: /^Model: \S/ }).waitFor();
      await composer(page).fill(question);
      await composer(page).press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
      await expect
        .poll(() => lastAssistant(page).getAttribute('data-status'), { timeout: 30_000 })
        .toBe('completed');
      const live = await settledText(page, lastAssistant(page));

      const title = simTitleFor(question);
      const recent = page.getByRole('region', { name: 'Recent chats' });
      await expect.poll(() => recent.innerText(), { timeout: 20_000 }).toContain(title);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
      await expect.poll(() => page.title()).toBe(`${title} · Parallax`);

      // The answer streamed is the answer stored.
      await page.reload({ waitUntil: 'networkidle' });
      await expect
        .poll(() => lastAssistant(page).getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      expect(await settledText(page, lastAssistant(page))).toBe(live);
      expect(errors, errors.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
