import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn } from './support/accounts';
import { settledText } from './support/raw-markdown';
import { launchBrowser, openTab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = 'answers-admin@example.com';
let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  server = await startServer({
    ADMIN_EMAILS: ADMIN,
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

const assistants = (page: Page) => page.locator('[data-role="assistant"]');
const answer = (page: Page) => assistants(page).last();
const rendered = (turn: Locator) => turn.locator('.markdown').first();
const statusOf = (page: Page) => answer(page).getAttribute('data-status');
const switcher = (page: Page) => answer(page).getByRole('group', { name: /^Version \d+ of \d+/ });

describe('answer controls: Regenerate with another model, thumbs', () => {
  it('regenerates an answer with another model as a labelled version, and a thumbs-down reaches the admin figures', async () => {
    await registerVerified(server, ADMIN, PASSWORD);
    const t = await openTab(browser, server.url);
    try {
      await signIn(t.page, ADMIN, PASSWORD);
      const composer = t.page.getByLabel('Message', { exact: true });
      // The box sends once a model is chosen (the models list has loaded).
      await t.page.getByRole('button', { name: /^Model: \S/ }).waitFor();
      await composer.fill('Tell me a long story [sim tokens=60 tps=60]');
      await composer.press('Enter');
      await t.page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
      // Continue is not driven here: in the browser it does not always start after Stop
      // (issue 34 stays open for it); the server's continue tests cover the route.
      await expect.poll(() => statusOf(t.page), { timeout: 40_000 }).toBe('completed');
      const live = await settledText(t.page, rendered(answer(t.page)));
      // The answer as stored, rendered fresh, is the one that streamed.
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => statusOf(t.page), { timeout: 20_000 }).toBe('completed');
      expect(await settledText(t.page, rendered(answer(t.page)))).toBe(live);

      // The edit control sits on the user's own message.
      const question = t.page.locator('[data-role="user"]').last();
      await question.hover();

      await expect
        .poll(() => question.getByRole('button', { name: 'Edit and resend' }).count())
        .toBe(1);

      // Regenerate with another model: a new version, labelled with its model.
      await answer(t.page).hover();
      await answer(t.page).getByRole('button', { name: 'Regenerate with another model' }).click();
      await t.page.getByRole('menuitem', { name: /Claude Haiku 4\.5/ }).click();
      // The switcher shows once the new version has ended.
      await expect
        .poll(
          () =>
            switcher(t.page)
              .getAttribute('aria-label', { timeout: 1_000 })
              .catch(() => null),
          {
            timeout: 40_000,
          },
        )
        .toBe('Version 2 of 2, Claude Haiku 4.5');
      expect(await statusOf(t.page)).toBe('completed');
      expect(await answer(t.page).innerText()).toContain('Claude Haiku 4.5');
      await switcher(t.page).getByRole('button', { name: 'Previous version' }).click();
      await expect
        .poll(() => switcher(t.page).getAttribute('aria-label'))
        .toBe('Version 1 of 2, GPT-5');
      expect(await settledText(t.page, rendered(answer(t.page)))).toBe(live);
      await switcher(t.page).getByRole('button', { name: 'Next version' }).click();
      await expect
        .poll(() => switcher(t.page).getAttribute('aria-label'))
        .toBe('Version 2 of 2, Claude Haiku 4.5');

      // Thumbs down with a reason, kept across a reload.
      await answer(t.page).getByRole('button', { name: 'Bad response' }).click();
      const form = t.page.getByRole('form', { name: 'Why was this response bad?' });
      await form.getByText('Not factually correct').click();
      await form.getByLabel('Tell us more (optional)').fill('The dates are wrong.');
      await form.getByRole('button', { name: 'Send feedback' }).click();
      await expect.poll(() => form.count()).toBe(0);
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect
        .poll(() =>
          answer(t.page).getByRole('button', { name: 'Bad response' }).getAttribute('aria-pressed'),
        )
        .toBe('true');

      // The admin sees it per model beside usage.
      await t.page.goto('/admin/ai-management', { waitUntil: 'networkidle' });
      // The usage table's row (the chart's legend names the model too).
      const row = t.page.getByRole('row').filter({
        hasText: 'anthropic · claude-haiku-4-5',
        has: t.page.getByTestId('feedback-counts'),
      });
      await expect.poll(() => row.getByTestId('feedback-counts').innerText()).toBe('0 / 1');
      expect(await row.innerText()).toContain('Not factually correct: 1');
    } finally {
      await t.context.close();
    }
  }, 120_000);
});
