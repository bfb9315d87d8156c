import { MESSAGES, type HistoryResponse } from '@parallax/contract';
import { startProviderSim, type ProviderSim, type SimRequestRecord } from '@parallax/provider-sim';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { settledText } from './support/raw-markdown';
import { startServer, type RunningServer } from './support/server-process';
import { submitPrompt } from './support/thread';

let browser: Browser;
let sim: ProviderSim;
/** A server answered by provider-sim, with a daily limit small enough to make the hint show. */
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  server = await startServer({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: `${sim.url}/v1`,
    VISITOR_DAILY_LIMIT: '8',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sim?.close();
  await browser?.close();
});

const open = (): Promise<Tab> => openTab(browser, server.url);

const SIM = ' [sim tokens=20]';
const users = (page: Page) => page.locator('[data-role="user"]');
const assistants = (page: Page) => page.locator('[data-role="assistant"]');
/** The rendered answer in an assistant bubble ('' while it waits for its first token). */
const answerText = (turn: Locator) =>
  turn
    .locator('.markdown')
    .first()
    .innerText({ timeout: 1_000 })
    .catch(() => '');
const switcherOf = (turn: Locator) => turn.getByRole('group', { name: /^Version \d+ of \d+/ });
/** The switcher of a user's message between the questions its turn was asked as. */
const questionSwitcherOf = (turn: Locator) =>
  turn.getByRole('group', { name: /^Question version \d+ of \d+$/ });
/** "Version n of m" without the model the switcher also names. */
const positionOf = async (switcher: Locator) =>
  (await switcher.getAttribute('aria-label'))?.split(',')[0] ?? null;
/** Rendered markdown and its source compared as words (the marks are not rendered). */
const plain = (text: string) =>
  text
    .replace(/[#`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** The questions on screen, oldest first, without the sim's directive. */
const questions = async (page: Page) =>
  (
    await users(page).evaluateAll((els) => els.map((el) => el.firstElementChild?.textContent ?? ''))
  ).map((text) => text.replace(SIM, ''));

async function allAnswered(page: Page): Promise<void> {
  // Every question has its answer on screen first: a send's answer appears with its reply, and
  // until then the checks below passed on the previous answer, then read the new one streaming.
  await expect
    .poll(async () => (await users(page).count()) - (await assistants(page).count()), {
      timeout: 30_000,
    })
    .toBe(0);
  await expect
    .poll(
      () => assistants(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))),
      { timeout: 30_000 },
    )
    .not.toContain('streaming');
  const last = assistants(page).last();
  await expect
    .poll(() => last.getAttribute('data-status'), { timeout: 30_000 })
    .toMatch(/^(completed|error|cancelled)$/);
  const status = await last.getAttribute('data-status');
  // A failed answer says why on screen, and the server's log may say more.
  if (status !== 'completed') {
    const why = `${await last.innerText()}\n--- server log ---\n${server.output().slice(-4_000)}`;
    // Printed as well as thrown: a retried test that then passes keeps only its output.
    console.warn(`answer ended ${status}: ${why}`);
    expect(status, why).toBe('completed');
  }
}

/** What the model was sent for the request whose last question is `question`. */
async function sentFor(question: string): Promise<{ user: string[]; assistant: number }> {
  const matches = (record: SimRequestRecord) => {
    const body = record.body as { messages?: { role: string; content: unknown }[] } | undefined;
    const last = body?.messages?.filter((m) => m.role === 'user').at(-1);
    return typeof last?.content === 'string' && last.content === `${question}${SIM}`;
  };
  const record = await sim.waitForRequest(matches, 20_000);
  const messages = (record.body as { messages: { role: string; content: string }[] }).messages;
  return {
    user: messages.filter((m) => m.role === 'user').map((m) => m.content.replace(SIM, '')),
    assistant: messages.filter((m) => m.role === 'assistant').length,
  };
}

describe('versions of a turn in the browser', () => {
  it('regenerate and edit replace the turn in place as versions; the switcher goes back; the model gets the current branch only', async () => {
    const t = await open();
    try {
      await t.page.goto('/', { waitUntil: 'networkidle' });
      // The box sends once a model is chosen (the models list has loaded).
      await t.page.getByRole('button', { name: /^Model: \S/ }).waitFor();
      await submitPrompt(t.page, `First question${SIM}`);
      await t.page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
      await allAnswered(t.page);
      await submitPrompt(t.page, `Second question${SIM}`);
      await expect.poll(() => questions(t.page)).toEqual(['First question', 'Second question']);
      await allAnswered(t.page);

      // Regenerate: the answer is replaced in place, and the turn shows "2 / 2".
      sim.clearRequests();
      await assistants(t.page)
        .last()
        .getByRole('button', { name: 'Regenerate', exact: true })
        .click();
      await expect
        .poll(() => positionOf(switcherOf(assistants(t.page).last())))
        .toBe('Version 2 of 2');
      await allAnswered(t.page);
      expect(await questions(t.page)).toEqual(['First question', 'Second question']);
      expect(await assistants(t.page).count()).toBe(2);
      expect(await sentFor('Second question')).toEqual({
        user: ['First question', 'Second question'],
        assistant: 1,
      });

      // Edit and resend the first question: it and everything after it are replaced.
      sim.clearRequests();
      await users(t.page).first().hover();
      await users(t.page).first().getByRole('button', { name: 'Edit and resend' }).click();
      const edit = t.page.getByLabel('Edit message');
      await edit.fill('First question');
      // Shift+Enter breaks the line, as in the main box; Enter sends.
      await edit.press('Shift+Enter');
      expect(await edit.inputValue()).toBe('First question\n');
      await edit.fill(`First question, edited${SIM}`);
      await edit.press('Enter');
      await expect.poll(() => questions(t.page)).toEqual(['First question, edited']);
      await allAnswered(t.page);
      expect(await sentFor('First question, edited')).toEqual({
        user: ['First question, edited'],
        assistant: 0,
      });
      // An edited question is a version of the question, with its own first answer.
      const firstQuestion = questionSwitcherOf(users(t.page).first());
      expect(await positionOf(firstQuestion)).toBe('Question version 2 of 2');
      expect(await positionOf(switcherOf(assistants(t.page).first()))).toBe('Version 1 of 1');

      // Back to the first question by keyboard: the turns that followed it come back, and the
      // focus stays on the question's switcher.
      await firstQuestion.getByRole('button', { name: 'Previous question version' }).focus();
      await t.page.keyboard.press('Enter');
      await expect.poll(() => questions(t.page)).toEqual(['First question', 'Second question']);
      expect(await t.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Next question version',
      );
      expect(await positionOf(questionSwitcherOf(users(t.page).first()))).toBe(
        'Question version 1 of 2',
      );
      expect(await positionOf(switcherOf(assistants(t.page).first()))).toBe('Version 1 of 1');
      expect(await positionOf(switcherOf(assistants(t.page).last()))).toBe('Version 2 of 2');

      // The choice is remembered: a reload shows the same branch.
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => questions(t.page)).toEqual(['First question', 'Second question']);
      await switcherOf(assistants(t.page).last())
        .getByRole('button', { name: 'Previous version' })
        .click();
      await expect
        .poll(() => positionOf(switcherOf(assistants(t.page).last())))
        .toBe('Version 1 of 2');

      // A follow-up continues the branch on screen, and only that branch reaches the model.
      sim.clearRequests();
      await submitPrompt(t.page, `Third question${SIM}`);
      await allAnswered(t.page);
      expect(await sentFor('Third question')).toEqual({
        user: ['First question', 'Second question', 'Third question'],
        assistant: 2,
      });
      expect(await questions(t.page)).toEqual([
        'First question',
        'Second question',
        'Third question',
      ]);

      // Five of eight messages spent: the regenerate button says that it spends one.
      // Hovered again on each try: a re-render under load can close a tooltip already open.
      const regenerate = assistants(t.page)
        .last()
        .getByRole('button', { name: 'Regenerate', exact: true });
      await expect
        .poll(async () => {
          await regenerate.hover();
          return t.page
            .getByRole('tooltip')
            .first()
            .innerText({ timeout: 1_000 })
            .catch(() => '');
        })
        .toBe('Regenerate (uses 1 of your 3 messages left today)');
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 180_000);

  it('the question has its own switcher once edited; the answer switcher counts the answers to the question shown', async () => {
    const t = await open();
    let visitorId = '';
    t.page.on('request', (request) => {
      visitorId = request.headers()['x-visitor-id'] ?? visitorId;
    });
    /** The turns as stored, read with the visitor id the page uses. */
    const stored = async (chatId: string): Promise<HistoryResponse> => {
      const res = await fetch(`${server.url}/api/v1/chat/messages?conversation_id=${chatId}`, {
        headers: { 'x-visitor-id': visitorId },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as HistoryResponse;
    };
    const answerShown = () =>
      settledText(t.page, assistants(t.page).last().locator('.markdown').first());
    try {
      await t.page.goto('/', { waitUntil: 'networkidle' });
      await t.page.getByRole('button', { name: /^Model: \S/ }).waitFor();
      await submitPrompt(t.page, `Tide question${SIM}`);
      await t.page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
      const chatId = new URL(t.page.url()).pathname.split('/').at(-1) ?? '';
      await allAnswered(t.page);
      const original = await answerShown();

      // Regenerate (by another model, whose answer reads differently): a second answer to the
      // same question; the question has no switcher.
      await assistants(t.page).last().hover();
      await assistants(t.page)
        .last()
        .getByRole('button', { name: 'Regenerate with another model' })
        .click();
      await t.page.getByRole('menuitem').first().click();
      await expect
        .poll(() => positionOf(switcherOf(assistants(t.page).last())))
        .toBe('Version 2 of 2');
      await allAnswered(t.page);
      const regenerated = await answerShown();
      expect(regenerated).not.toBe(original);
      expect(await questionSwitcherOf(users(t.page).first()).count()).toBe(0);

      // Edit and resend: the question's second version, with its one answer.
      await users(t.page).first().hover();
      await users(t.page).first().getByRole('button', { name: 'Edit and resend' }).click();
      await t.page.getByLabel('Edit message').fill(`Tide question, edited${SIM}`);
      await t.page.getByLabel('Edit message').press('Enter');
      await expect.poll(() => questions(t.page)).toEqual(['Tide question, edited']);
      await allAnswered(t.page);
      await expect
        .poll(() => positionOf(questionSwitcherOf(users(t.page).first())))
        .toBe('Question version 2 of 2');
      expect(await positionOf(switcherOf(assistants(t.page).last()))).toBe('Version 1 of 1');
      const edited = await answerShown();

      // The first question again: the answer shown last for it, counted among its two.
      await questionSwitcherOf(users(t.page).first())
        .getByRole('button', { name: 'Previous question version' })
        .click();
      await expect.poll(() => questions(t.page)).toEqual(['Tide question']);
      await expect
        .poll(() => positionOf(switcherOf(assistants(t.page).last())))
        .toBe('Version 2 of 2');
      expect(await positionOf(questionSwitcherOf(users(t.page).first()))).toBe(
        'Question version 1 of 2',
      );
      expect(await answerShown()).toBe(regenerated);

      // After a reload the same turn shows, its texts the stored ones.
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => questions(t.page)).toEqual(['Tide question']);
      expect(await positionOf(questionSwitcherOf(users(t.page).first()))).toBe(
        'Question version 1 of 2',
      );
      expect(await positionOf(switcherOf(assistants(t.page).last()))).toBe('Version 2 of 2');
      const turn = (await stored(chatId)).messages[0];
      expect(turn).toMatchObject({ content: `Tide question${SIM}`, answer_sibling_index: 1 });
      expect(await users(t.page).first().locator('> div').first().innerText()).toBe(turn?.content);
      expect(plain(await answerShown())).toBe(plain(turn?.response ?? ''));
      expect(await answerShown()).toBe(regenerated);

      // The answer's switcher goes through this question's answers only.
      await switcherOf(assistants(t.page).last())
        .getByRole('button', { name: 'Previous version' })
        .click();
      await expect
        .poll(() => positionOf(switcherOf(assistants(t.page).last())))
        .toBe('Version 1 of 2');
      expect(await questions(t.page)).toEqual(['Tide question']);
      expect(await answerShown()).toBe(original);

      // And the edited question comes back with its own answer.
      await questionSwitcherOf(users(t.page).first())
        .getByRole('button', { name: 'Next question version' })
        .click();
      await expect.poll(() => questions(t.page)).toEqual(['Tide question, edited']);
      expect(await positionOf(switcherOf(assistants(t.page).last()))).toBe('Version 1 of 1');
      expect(await answerShown()).toBe(edited);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 180_000);

  it('a stopped answer regenerated becomes a version of its turn, not a second turn', async () => {
    const t = await open();
    try {
      await t.page.goto('/', { waitUntil: 'networkidle' });
      // The box sends once a model is chosen (the models list has loaded).
      await t.page.getByRole('button', { name: /^Model: \S/ }).waitFor();
      await submitPrompt(t.page, 'Write a long essay [sim tps=15 tokens=400]');
      // The answer's own text, not the bubble's: before the first token it holds the model's
      // name and "Waiting for the answer", and a stop then leaves no partial answer.
      await expect
        .poll(() => answerText(assistants(t.page).last()), { timeout: 20_000 })
        .toMatch(/[\s\S]{20,}/);
      await t.page.getByRole('button', { name: 'Stop generating' }).click();
      await expect
        .poll(() => assistants(t.page).last().getAttribute('data-status'))
        .toBe('completed');
      const cancelNote = MESSAGES.cancelledSuffix.replaceAll('*', '');
      await expect.poll(() => assistants(t.page).last().innerText()).toContain(cancelNote);

      await assistants(t.page)
        .last()
        .getByRole('button', { name: 'Regenerate', exact: true })
        .click();
      // The new answer streams in place of the stopped one.
      await expect
        .poll(() => assistants(t.page).last().getAttribute('data-status'))
        .toBe('streaming');
      expect(await users(t.page).count()).toBe(1);
      expect(await assistants(t.page).count()).toBe(1);
      await t.page.getByRole('button', { name: 'Stop generating' }).click();
      await expect
        .poll(() => assistants(t.page).last().getAttribute('data-status'))
        .toBe('completed');
      expect(await positionOf(switcherOf(assistants(t.page).last()))).toBe('Version 2 of 2');

      await switcherOf(assistants(t.page).last())
        .getByRole('button', { name: 'Previous version' })
        .click();
      await expect
        .poll(() => positionOf(switcherOf(assistants(t.page).last())))
        .toBe('Version 1 of 2');
      // The first stopped answer is back, with its cancel note.
      expect(await assistants(t.page).last().innerText()).toContain(cancelNote);
      expect(await users(t.page).count()).toBe(1);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);
});
