import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail, apiToken } from './support/accounts';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('arena-admin');
const VOTER = uniqueEmail('arena-voter');
/** Pictures of the battle and the board: docs/screenshots/arena with SCREENSHOTS=1. */
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots', 'arena')
    : path.join(tmpdir(), 'parallax-arena-shots');

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

const token = (email: string): Promise<string> => apiToken(server, email);

beforeAll(async () => {
  sim = await startProviderSim({ port: 0 });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ADMIN_EMAILS: ADMIN,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${sim.url}/v1`,
    }),
  ]);
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

/** Two accounts; the admin picks the model that sorts prompts into categories (the sim answers). */
async function setUpArena(): Promise<void> {
  await registerVerified(server, ADMIN, PASSWORD);
  await registerVerified(server, VOTER, PASSWORD);
  const saved = await fetch(`${server.url}/api/v1/compare/arena/settings`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await token(ADMIN)}`,
    },
    body: JSON.stringify({ classifier_model: 'gpt-5-mini' }),
  });
  expect(saved.status, await saved.text()).toBe(200);
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

async function context(
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark',
  email = VOTER,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({
    baseURL: server.url,
    viewport,
    colorScheme,
    locale: 'en-US',
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await signIn(page, email, PASSWORD);
  return { context: ctx, page, errors };
}

const statusOf = (page: Page, index: number) =>
  page.locator(`section[data-panel="${index}"]`).getAttribute('data-status');
const votes = (page: Page) => page.getByTestId('leaderboard-votes').innerText();

async function openBoard(page: Page): Promise<void> {
  await page.goto('/compare', { waitUntil: 'networkidle' });
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
}

describe('the arena', () => {
  it('a random battle, a blind vote, the reveal with rating changes, and the board by category and style', async () => {
    await setUpArena();
    const { context: ctx, page, errors } = await context({ width: 1400, height: 900 }, 'light');
    try {
      await page.goto('/compare', { waitUntil: 'networkidle' });
      await page
        .getByRole('textbox', { name: 'Compare prompt' })
        .fill('Write a python function that tests a prime [sim tokens=40]');
      await page.getByRole('button', { name: 'Random battle' }).click();
      await page.waitForURL(/\/compare\/[^/]+$/);
      await expect
        .poll(() => page.getByTestId('panel-label').allInnerTexts())
        .toEqual(['Model A', 'Model B']);
      for (const index of [0, 1])
        await expect.poll(() => statusOf(page, index), { timeout: 30_000 }).toBe('completed');

      await page.getByRole('button', { name: 'Best: Model A' }).click();
      const reveal = page.getByTestId('arena-reveal');
      await reveal.waitFor();
      await expect
        .poll(async () => (await page.getByTestId('panel-label').allInnerTexts()).join(' '))
        .not.toContain('Model A');
      // Both models enter the arena with this vote: their ratings show once it is recomputed.
      await expect.poll(() => page.getByTestId('arena-rating-change').count()).toBe(2);
      expect(await reveal.innerText()).toContain('new in the arena');
      await page.screenshot({ path: path.join(SHOTS, 'battle-reveal-desktop-light.png') });

      await page.getByRole('tab', { name: 'Leaderboard' }).click();
      await expect.poll(() => votes(page)).toBe('1 vote');
      const rows = page.getByTestId('leaderboard-row');
      expect(await rows.count()).toBe(2);
      expect(await rows.first().innerText()).toContain('provisional');

      const category = page.getByLabel('Category');
      await category.selectOption('coding');
      await expect.poll(() => votes(page)).toBe('1 vote');
      await category.selectOption('creative_writing');
      await expect.poll(() => votes(page)).toBe('0 votes');
      await category.selectOption('');

      const style = page.getByRole('switch', { name: 'Style control' });
      await style.click();
      await expect.poll(() => style.getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => rows.count()).toBe(2);
      await page.screenshot({ path: path.join(SHOTS, 'board-desktop-light.png') });
      expect(errors, errors.join(' | ')).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 150_000);

  it.each([
    ['desktop', 'dark', { width: 1400, height: 900 }],
    ['phone', 'light', { width: 390, height: 844 }],
    ['phone', 'dark', { width: 390, height: 844 }],
  ] as const)(
    'the board reads on %s, %s',
    async (device, scheme, viewport) => {
      const { context: ctx, page, errors } = await context(viewport, scheme);
      try {
        await openBoard(page);
        await expect.poll(() => votes(page)).toBe('1 vote');
        await page.screenshot({
          path: path.join(SHOTS, `board-${device}-${scheme}.png`),
          fullPage: true,
        });
        expect(errors, errors.join(' | ')).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
    90_000,
  );

  it('admins export the votes and see the voters to review', async () => {
    const {
      context: ctx,
      page,
      errors,
    } = await context({ width: 1400, height: 900 }, 'light', ADMIN);
    try {
      await openBoard(page);
      await expect.poll(() => votes(page)).toBe('1 vote');
      const voters = page.getByTestId('arena-voters');
      await expect.poll(() => voters.innerText()).toContain('0 flagged of 1');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export votes (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('arena-votes.csv');
      const file = await download.path();
      expect(readFileSync(file, 'utf8')).toContain('gpt-5-mini');
      await page.screenshot({ path: path.join(SHOTS, 'board-admin-desktop-light.png') });
      expect(errors, errors.join(' | ')).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
