import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { markdownSettled, rawMarkdownSeen, watchRawMarkdown } from './support/raw-markdown';
import { startServer, type RunningServer } from './support/server-process';

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;
let proxy: http.Server;
/** Anthropic generations the proxy should still break (a drop after a few tokens). */
let failNext = 0;

/** Loopback proxy in front of provider-sim that breaks chosen Anthropic answers mid-stream. */
async function startFaultProxy(): Promise<string> {
  proxy = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', sim.url);
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: target.host };
    if (req.method === 'POST' && failNext > 0) {
      failNext -= 1;
      Object.assign(headers, { 'x-sim-fault': 'drop', 'x-sim-fault-after': '8' });
    }
    const upstream = http.request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('close', () => {
        if (!answer.complete) res.destroy();
      });
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  const proxyUrl = await startFaultProxy();
  server = await startServer({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: `${sim.url}/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: `${proxyUrl}/v1`,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await sim?.close();
  await browser?.close();
});

const open = (): Promise<Tab> =>
  openTab(browser, server.url, { viewport: { width: 1400, height: 900 } });

const panel = (page: Page, index: number) => page.locator(`section[data-panel="${index}"]`);
const statusOf = (page: Page, index: number) => panel(page, index).getAttribute('data-status');
const answerText = (page: Page, index: number) =>
  panel(page, index).locator('[data-role="panel-answer"]').innerText();

async function startComparison(
  page: Page,
  models: string[],
  prompt: string,
  blind = false,
): Promise<string> {
  await page.goto('/compare', { waitUntil: 'networkidle' });
  for (const name of models) await page.getByRole('checkbox', { name, exact: true }).check();
  if (blind) await page.getByRole('checkbox', { name: /Blind mode/ }).check();
  await page.getByLabel('Compare prompt').fill(prompt);
  await page.getByRole('button', { name: /^Compare \d models$/ }).click();
  await page.waitForURL((url) => /^\/compare\/[^/]+$/.test(url.pathname), { timeout: 20_000 });
  // The URL changes before the session view has drawn its panels.
  await expect
    .poll(() => page.getByTestId('panel-label').count(), { timeout: 20_000 })
    .toBe(models.length);
  return new URL(page.url()).pathname;
}

describe('compare in the browser', () => {
  it('compares 3 models; one fails mid-stream and is retried alone; a reload mid-stream resumes every panel', async () => {
    const t = await open();
    try {
      failNext = 1;
      const path = await startComparison(
        t.page,
        ['GPT-5', 'GPT-5 mini', 'Claude Haiku 4.5'],
        'Compare sorting algorithms [sim tps=25 tokens=250]',
      );
      await expect
        .poll(() => panel(t.page, 0).locator('[data-role="panel-answer"]').innerText(), {
          timeout: 20_000,
        })
        .toMatch(/[\s\S]{30,}/);
      expect(await statusOf(t.page, 0)).toBe('streaming');

      await watchRawMarkdown(t.page);
      await t.page.reload({ waitUntil: 'domcontentloaded' });
      expect(new URL(t.page.url()).pathname).toBe(path);
      // The resumed panel measures the model, not the replay: provider-sim sends 25 tokens/s.
      await expect
        .poll(() => panel(t.page, 0).getByTestId('panel-tps').innerText(), { timeout: 20_000 })
        .toMatch(/^\d/);
      if ((await statusOf(t.page, 0)) === 'streaming') {
        const speed = Number(await panel(t.page, 0).getByTestId('panel-tps').innerText());
        expect(speed).toBeGreaterThan(15);
        expect(speed).toBeLessThan(40);
      }
      expect(await panel(t.page, 0).getByTestId('panel-ttft').innerText()).toMatch(/^\d+ ms$/);
      for (const index of [0, 1])
        await expect.poll(() => statusOf(t.page, index), { timeout: 60_000 }).toBe('completed');
      await expect.poll(() => statusOf(t.page, 2), { timeout: 30_000 }).toBe('error');
      expect(await rawMarkdownSeen(t.page)).toBeUndefined();
      await expect.poll(() => markdownSettled(t.page), { timeout: 20_000 }).toBe(0);
      // Formulas render once KaTeX has loaded: until then they are plain code.
      await expect
        .poll(() => panel(t.page, 0).locator('.language-math').count(), { timeout: 20_000 })
        .toBe(0);
      const live = await answerText(t.page, 0);

      // The failed panel alone is retried; the others keep their answers.
      await panel(t.page, 2).getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => statusOf(t.page, 2), { timeout: 60_000 }).toBe('completed');
      expect(await statusOf(t.page, 0)).toBe('completed');
      expect(
        (await panel(t.page, 2).locator('[data-role="panel-answer"]').innerText()).length,
      ).toBeGreaterThan(30);

      // Reopened, it is exactly as it was, and the resumed text equals the stored one.
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => statusOf(t.page, 0)).toBe('completed');
      await expect.poll(() => answerText(t.page, 0), { timeout: 20_000 }).toBe(live);
      expect(await rawMarkdownSeen(t.page)).toBeUndefined();
      expect(await t.page.getByTestId('panel-label').allInnerTexts()).toEqual([
        'GPT-5',
        'GPT-5 mini',
        'Claude Haiku 4.5',
      ]);
      expect(
        sim.requests.filter((r) => JSON.stringify(r.body).includes('Compare sorting algorithms')),
      ).toHaveLength(4);

      // The comparison is in the searchable list on /compare.
      await t.page.goto('/compare', { waitUntil: 'networkidle' });
      await t.page.getByLabel('Search comparisons').fill('sorting');
      await expect.poll(() => t.page.getByTestId('compare-session-link').count()).toBe(1);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 150_000);

  it('a blind vote reveals the names and the leaderboard changes', async () => {
    const t = await open();
    try {
      await t.page.goto('/compare', { waitUntil: 'networkidle' });
      await t.page.getByRole('tab', { name: 'Leaderboard' }).click();
      // A visitor's votes wait for sign-up before they count in the arena: their own board.
      await t.page.getByRole('button', { name: 'My votes' }).click();
      await expect.poll(() => t.page.getByTestId('leaderboard-votes').innerText()).toBe('0 votes');

      await t.page.getByRole('tab', { name: 'Compare' }).click();
      await startComparison(t.page, ['GPT-5', 'GPT-5 mini'], 'Name a prime [sim tokens=40]', true);
      expect(await t.page.getByTestId('panel-label').allInnerTexts()).toEqual([
        'Model A',
        'Model B',
      ]);
      for (const index of [0, 1])
        await expect.poll(() => statusOf(t.page, index), { timeout: 30_000 }).toBe('completed');
      expect(await t.page.getByTestId('panel-label').allInnerTexts()).toEqual([
        'Model A',
        'Model B',
      ]);

      await t.page.getByRole('button', { name: 'Best: Model A' }).click();
      await expect
        .poll(async () => (await t.page.getByTestId('panel-label').allInnerTexts()).sort())
        .toEqual(['GPT-5', 'GPT-5 mini']);
      const winner = (await t.page.getByTestId('panel-label').allInnerTexts())[0];

      await t.page.getByRole('tab', { name: 'Leaderboard' }).click();
      await t.page.getByRole('button', { name: 'My votes' }).click();
      await expect.poll(() => t.page.getByTestId('leaderboard-votes').innerText()).toBe('1 vote');
      const rows = t.page.getByTestId('leaderboard-row');
      expect(await rows.count()).toBe(2);
      expect(await rows.first().innerText()).toContain(winner);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);
});
