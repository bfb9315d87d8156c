import { MESSAGES } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn } from './support/accounts';
import { settledText } from './support/raw-markdown';
import { launchBrowser, openTab } from './support/browser';
import { pickModel } from './support/thread';
import { startServer, type RunningServer } from './support/server-process';

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  server = await startServer({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: `${sim.url}/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: `${sim.url}/v1`,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sim?.close();
  await browser?.close();
});

const answer = (page: Page) => page.locator('[data-role="assistant"]').last();
const rendered = (turn: Locator) => turn.locator('.markdown').first();
const statusOf = (page: Page) => answer(page).getAttribute('data-status');
const cancelNote = MESSAGES.cancelledSuffix.replaceAll('*', '').trim();

const renderedText = (page: Page) =>
  rendered(answer(page))
    .innerText({ timeout: 1_000 })
    .catch(() => '');

describe('Continue', () => {
  // OpenAI is asked to carry on by an instruction; Anthropic's answer is prefilled instead.
  it.each(['GPT-5 mini', 'Claude Haiku 4.5'])(
    'extends a stopped answer of %s in the same bubble, as stored, across a reload',
    async (model) => {
      const email = `continue-${Date.now().toString(36)}-${model.length}@example.com`;
      await registerVerified(server, email, PASSWORD);
      const t = await openTab(browser, server.url);
      try {
        await signIn(t.page, email, PASSWORD);
        await pickModel(t.page, model);
        const composer = t.page.getByLabel('Message', { exact: true });
        await composer.fill('Tell me a long story [sim tokens=200 tps=40]');
        await composer.press('Enter');
        await t.page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
        await expect.poll(() => renderedText(t.page), { timeout: 20_000 }).toMatch(/[\s\S]{40,}/);
        await t.page.getByRole('button', { name: 'Stop generating' }).click();
        await expect.poll(() => answer(t.page).innerText()).toContain(cancelNote);
        const stopped = (await renderedText(t.page)).replace(cancelNote, '').trim();

        const requestsBefore = sim.requests.length;
        await answer(t.page).getByRole('button', { name: 'Continue' }).click();
        // The same bubble streams on: the cancel note goes, and it ends completed.
        await expect.poll(() => statusOf(t.page), { timeout: 10_000 }).toBe('streaming');
        await expect.poll(() => answer(t.page).innerText()).not.toContain(cancelNote);
        try {
          // The status with the answer's end, so a failure says what the bubble shows.
          await expect
            .poll(
              async () =>
                `${await statusOf(t.page)}: ${(await answer(t.page).innerText()).slice(-300)}`,
              { timeout: 40_000 },
            )
            .toMatch(/^completed:/);
        } catch (error) {
          const sims = sim.requests
            .slice(requestsBefore)
            .map((r) => JSON.stringify(r).slice(0, 600));
          throw new Error(
            `${String(error)}\nserver:\n${server.output().slice(-3000)}\nsim:\n${sims.join('\n')}`,
          );
        }
        expect(await t.page.locator('[data-role="assistant"]').count()).toBe(1);

        // The model was asked to carry on from the stopped text.
        const continued = sim.requests.slice(requestsBefore).at(-1)?.body as {
          messages: { role: string; content: string }[];
        };
        const said = continued.messages.findLast((m) => m.role === 'assistant')?.content ?? '';
        expect(JSON.stringify(said).length).toBeGreaterThan(20);

        const live = await settledText(t.page, rendered(answer(t.page)));
        expect(live).not.toContain(cancelNote);
        expect(live.startsWith(stopped.slice(0, 20))).toBe(true);
        expect(live.length).toBeGreaterThan(stopped.length);
        await expect
          .poll(() => answer(t.page).getByRole('button', { name: 'Continue' }).count())
          .toBe(0);

        // The answer as stored, rendered fresh, is the one that streamed.
        await t.page.reload({ waitUntil: 'networkidle' });
        await expect.poll(() => statusOf(t.page), { timeout: 20_000 }).toBe('completed');
        expect(await settledText(t.page, rendered(answer(t.page)))).toBe(live);
        expect(t.errors, t.errors.join(' | ')).toEqual([]);
      } finally {
        await t.context.close();
      }
    },
    120_000,
  );
});
