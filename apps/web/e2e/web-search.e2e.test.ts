import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail, apiToken } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { shootEveryLook } from './support/screenshots';
import { pickModel } from './support/thread';
import { settledText } from './support/raw-markdown';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('search-admin');
/** Pictures of the answer with its rows and sources: docs/screenshots/web-search with SCREENSHOTS=1. */
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots', 'web-search')
    : path.join(tmpdir(), 'parallax-web-search-shots');
/** How long the search stand-in takes: the row is seen running before it completes. */
const SEARCH_MS = 1_500;

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;
/** Answers like a SearXNG instance with json enabled: three results per query. */
let searxng: Server;
let searxngUrl: string;

beforeAll(async () => {
  searxng = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://searxng').searchParams.get('q') ?? '';
    const results = [1, 2, 3].map((n) => ({
      title: `${query} guide ${n}`,
      url: `https://site${n}.example/${encodeURIComponent(query)}`,
      content: `What ${query} means, part ${n}.`,
    }));
    setTimeout(
      () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results })),
      SEARCH_MS,
    );
  });
  await new Promise<void>((resolve) => searxng.listen(0, '127.0.0.1', resolve));
  searxngUrl = `http://127.0.0.1:${(searxng.address() as AddressInfo).port}`;
  sim = await startProviderSim({ port: 0 });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ADMIN_EMAILS: ADMIN,
      // The search stand-in listens on loopback, as a self-hosted SearXNG often does.
      ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${sim.url}/v1`,
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
  await new Promise((resolve) => searxng?.close(resolve));
});

/** The admin points web search at the stand-in (as AI management → Tools does), once. */
let searchReady: Promise<void> | undefined;
const setUpSearch = () => (searchReady ??= pointSearchAtStandIn());

async function pointSearchAtStandIn(): Promise<void> {
  await registerVerified(server, ADMIN, PASSWORD);
  const token = await apiToken(server, ADMIN);
  const saved = await fetch(`${server.url}/api/v1/admin/tools`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ web_search_provider: 'searxng', web_search_base_url: searxngUrl }),
  });
  expect(saved.status, await saved.text()).toBe(200);
}

const answer = (page: Page) => page.locator('[data-role="assistant"]').last();
const rows = (turn: Locator) => turn.getByTestId('tool-call');
const citationTitles = (turn: Locator) =>
  turn.getByTestId('citation').getByRole('link').allInnerTexts();

const shoot = (page: Page, name: string, focus?: Locator) =>
  shootEveryLook(page, SHOTS, name, focus);

describe('Web search in a chat', () => {
  it('streams live tool rows and numbered sources, which read the same after a reload', async () => {
    await setUpSearch();
    const email = uniqueEmail('searcher');
    await registerVerified(server, email, PASSWORD);
    let t: Tab | undefined;
    try {
      t = await openTab(browser, server.url);
      const { page } = t;
      await signIn(page, email, PASSWORD);
      await pickModel(page, 'GPT-5 mini');
      const toggle = page.getByRole('button', { name: 'Web search' });
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

      await page
        .getByRole('textbox', { name: /message/i })
        .fill('What do cats eat? [sim call=web_search{"query":"cat food"}]');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/chats\/[^/]+$/);
      const turn = answer(page);

      // Live: the row shows while the search runs, then its result and the sources.
      await turn
        .locator('[data-testid="tool-call"][data-status="running"]')
        .waitFor({ timeout: 15_000 });
      expect(await turn.getAttribute('data-status')).toBe('streaming');
      await turn.locator('[data-testid="tool-call"][data-status="completed"]').waitFor({
        timeout: 15_000,
      });
      await expect
        .poll(() => turn.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      const live = await settledText(page, turn.locator('.markdown').first());
      expect(live).toContain('From the tool results');
      expect(live).toContain('[1]');
      expect(await rows(turn).count()).toBe(1);
      expect(await rows(turn).first().innerText()).toContain('cat food');
      const liveSources = await citationTitles(turn);
      expect(liveSources).toEqual(['cat food guide 1', 'cat food guide 2', 'cat food guide 3']);
      const link = turn.getByTestId('citation').first().getByRole('link');
      expect(await link.getAttribute('href')).toBe('https://site1.example/cat%20food');
      expect(await link.getAttribute('rel')).toContain('noopener');

      // The row opens to the result as plain text.
      await rows(turn).first().locator('summary').click();
      await expect
        .poll(() => rows(turn).first().locator('pre').innerText())
        .toContain('cat food guide 1');

      await page.reload({ waitUntil: 'networkidle' });
      const reloaded = answer(page);
      await reloaded.locator('[data-testid="tool-call"][data-status="completed"]').waitFor();
      expect(await settledText(page, reloaded.locator('.markdown').first())).toBe(live);
      expect(await citationTitles(reloaded)).toEqual(liveSources);
      // The chat keeps its toggle.
      await expect
        .poll(() => page.getByRole('button', { name: 'Web search' }).getAttribute('aria-pressed'))
        .toBe('true');
      expect(t.errors, t.errors.join(' | ')).toEqual([]);

      await rows(reloaded).first().locator('summary').click();
      await shoot(page, 'chat', reloaded);
    } finally {
      await t?.context.close();
    }
  }, 120_000);

  it('turns web search on for every panel of a comparison, rows and sources kept after a reload', async () => {
    await setUpSearch();
    const email = uniqueEmail('comparer');
    await registerVerified(server, email, PASSWORD);
    let t: Tab | undefined;
    try {
      t = await openTab(browser, server.url, { viewport: { width: 1400, height: 900 } });
      const { page } = t;
      await signIn(page, email, PASSWORD);
      await page.goto('/compare', { waitUntil: 'networkidle' });
      for (const name of ['GPT-5', 'GPT-5 mini'])
        await page.getByRole('checkbox', { name, exact: true }).check();
      const toggle = page.getByRole('button', { name: 'Web search' });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      await page
        .getByLabel('Compare prompt')
        .fill('Cat food? [sim call=web_search{"query":"cat food"}]');
      await page.getByRole('button', { name: /^Compare \d models$/ }).click();
      await page.waitForURL((url) => /^\/compare\/[^/]+$/.test(url.pathname), { timeout: 20_000 });
      const panels = [0, 1].map((i) => page.locator(`section[data-panel="${i}"]`));
      for (const panel of panels) {
        await panel.locator('[data-testid="tool-call"][data-status="completed"]').waitFor({
          timeout: 20_000,
        });
        await expect
          .poll(() => panel.locator('[data-role="panel-answer"]').getAttribute('data-status'), {
            timeout: 20_000,
          })
          .toBe('completed');
        expect(await citationTitles(panel)).toEqual([
          'cat food guide 1',
          'cat food guide 2',
          'cat food guide 3',
        ]);
      }
      await page.reload({ waitUntil: 'networkidle' });
      for (const panel of panels) {
        await panel.locator('[data-testid="tool-call"][data-status="completed"]').waitFor();
        expect(await citationTitles(panel)).toHaveLength(3);
      }
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
      await shoot(page, 'compare', panels[0] as Locator);
    } finally {
      await t?.context.close();
    }
  }, 120_000);
});
