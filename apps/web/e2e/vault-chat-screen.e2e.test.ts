import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VaultChatDetail } from '@parallax/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpAndVerify, uniqueEmail } from './support/accounts';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { seriousViolations, settled } from './support/accessibility';
import { settledText } from './support/raw-markdown';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SLOW = { timeout: 20_000 };
const PIN = '381946';
const SIM = ' [sim tokens=60 tps=40]';
/**
 * Where the screen's pictures go: docs/screenshots/vault-chat with SCREENSHOTS=1 (to refresh
 * them), else a temp folder, so a test run leaves the tree as it was.
 */
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots', 'vault-chat')
    : path.join(tmpdir(), 'parallax-vault-chat-shots');

const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const users = (page: Page) => page.locator('[data-role="user"]');
const assistants = (page: Page) => page.locator('[data-role="assistant"]');
const switcherOf = (turn: Locator) => turn.getByRole('group', { name: /^Version \d+ of \d+/ });
const questionSwitcherOf = (turn: Locator) =>
  turn.getByRole('group', { name: /^Question version \d+ of \d+$/ });
/** "Version n of m" without the model the switcher also names. */
const positionOf = async (switcher: Locator) =>
  (await switcher.getAttribute('aria-label'))?.split(',')[0] ?? null;
const questions = async (page: Page) =>
  (
    await users(page).evaluateAll((els) => els.map((el) => el.firstElementChild?.textContent ?? ''))
  ).map((text) => text.replace(SIM, ''));

async function setUpVault(page: Page): Promise<void> {
  await page.goto('/vault', { waitUntil: 'networkidle' });
  await page.getByLabel('New PIN or passphrase').fill(PIN);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Type it again').fill(PIN);
  await page.getByRole('button', { name: 'Create vault' }).click();
  await page.getByTestId('recovery-key').waitFor(SLOW);
  await page.getByLabel('I kept my recovery key somewhere safe.').check();
  await page.getByRole('button', { name: 'Open my vault' }).click();
  await page.getByText('Your vault is empty').waitFor(SLOW);
}

/** Every question has its answer, and the last one completed. */
async function allAnswered(page: Page): Promise<void> {
  await expect
    .poll(async () => (await users(page).count()) - (await assistants(page).count()), SLOW)
    .toBe(0);
  await expect
    .poll(() => assistants(page).last().getAttribute('data-status'), { timeout: 40_000 })
    .toBe('completed');
}

/** The rendered answer of a turn (its markdown, without the model's name or actions). */
const renderedAnswer = (page: Page, turn: Locator) =>
  settledText(page, turn.locator('.markdown').first());

/**
 * A signed-in tab with an open vault, and the API's own view of a vault chat, read with the
 * session and vault token the page uses.
 */
async function vaultTab() {
  const t = await openPage(browser);
  await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  let bearer = '';
  t.page.on('request', (request) => {
    bearer = request.headers()['authorization'] ?? bearer;
  });
  const headers = async () => {
    const vaultToken = await t.page.evaluate(() => {
      const raw = sessionStorage.getItem('vault-session') ?? '{}';
      return (JSON.parse(raw) as { state?: { token?: string } }).state?.token ?? '';
    });
    return { authorization: bearer, 'x-vault-token': vaultToken };
  };
  const stored = async (chatId: string): Promise<VaultChatDetail> => {
    const res = await fetch(`${baseUrl()}/api/v1/vault/chats/${chatId}`, {
      headers: await headers(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as VaultChatDetail;
  };
  /** Lock now from elsewhere (another tab): this page still holds the token. */
  const lockElsewhere = async () => {
    const res = await fetch(`${baseUrl()}/api/v1/vault/lock`, {
      method: 'POST',
      headers: await headers(),
    });
    expect(res.ok).toBe(true);
  };
  await signUpAndVerify(t.page, uniqueEmail('vault-chat'), PASSWORD);
  await t.page.waitForURL((url) => url.pathname === '/', SLOW);
  await setUpVault(t.page);
  return { t, stored, lockElsewhere };
}

describe('a vault chat in the chat screen', () => {
  it('starts in the vault, streams, edits to a new version, switches versions, copies, reads the same after a reload and a lock', async () => {
    const { t, stored } = await vaultTab();
    try {
      // A new chat in the vault opens the chat screen, marked as in the vault, with the
      // normal composer and model picker.
      await t.page.getByRole('button', { name: 'New chat', exact: true }).last().click();
      await t.page.waitForURL((url) => url.pathname === '/vault/chats/new', SLOW);
      await expect.poll(() => t.page.getByTestId('vault-mark').innerText()).toBe('In the vault');
      await t.page.getByRole('button', { name: /^Model: / }).waitFor(SLOW);

      // The answer streams in: a partial answer shows before it completes.
      await composer(t.page).fill(`Tell me about tide pools${SIM}`);
      await composer(t.page).press('Enter');
      await t.page.waitForURL((url) => /^\/vault\/chats\/[0-9a-f-]{36}$/.test(url.pathname), SLOW);
      const chatId = new URL(t.page.url()).pathname.split('/').at(-1) ?? '';
      await expect
        .poll(
          async () =>
            (await assistants(t.page).last().getAttribute('data-status')) === 'streaming' &&
            (
              await assistants(t.page)
                .last()
                .locator('.markdown')
                .first()
                .innerText({ timeout: 500 })
                .catch(() => '')
            ).length > 0,
          { timeout: 30_000, interval: 50 },
        )
        .toBe(true);
      await allAnswered(t.page);
      expect(await t.page.getByTestId('vault-chat-title').innerText()).toContain('tide pools');

      // Right after it completes: what the screen shows is the stored answer. The copy button
      // copies the answer's text, which must be the stored (sealed, then opened) response.
      const firstAnswer = await renderedAnswer(t.page, assistants(t.page).last());
      const afterFirst = await stored(chatId);
      expect(afterFirst.messages).toHaveLength(1);
      const storedFirst = afterFirst.messages[0]?.response ?? '';
      expect(storedFirst.length).toBeGreaterThan(20);
      await assistants(t.page)
        .last()
        .getByRole('button', { name: 'Copy', exact: true })
        .last()
        .click();
      await expect
        .poll(() => t.page.evaluate(() => navigator.clipboard.readText()))
        .toBe(storedFirst);

      // Edit and resend the question: a new version of the turn, with its own answer.
      await users(t.page).first().hover();
      await users(t.page).first().getByRole('button', { name: 'Edit and resend' }).click();
      await t.page.getByLabel('Edit message').fill(`Tell me about coral reefs${SIM}`);
      await t.page.getByLabel('Edit message').press('Enter');
      await expect.poll(() => questions(t.page)).toEqual(['Tell me about coral reefs']);
      await allAnswered(t.page);
      // An edit is the question's second version (its answer the only one to it).
      const turn = questionSwitcherOf(users(t.page).first());
      await expect.poll(() => positionOf(turn)).toBe('Question version 2 of 2');
      expect(await positionOf(switcherOf(assistants(t.page).first()))).toBe('Version 1 of 1');
      const secondAnswer = await renderedAnswer(t.page, assistants(t.page).last());
      const afterEdit = await stored(chatId);
      expect(afterEdit.messages.map((m) => m.sibling_ids.length)).toEqual([2]);
      expect(afterEdit.messages[0]?.content).toBe(`Tell me about coral reefs${SIM}`);
      await assistants(t.page)
        .last()
        .getByRole('button', { name: 'Copy', exact: true })
        .last()
        .click();
      await expect
        .poll(() => t.page.evaluate(() => navigator.clipboard.readText()))
        .toBe(afterEdit.messages[0]?.response);

      // The question's switcher goes back to the first version: its question and answer return.
      await turn.getByRole('button', { name: 'Previous question version' }).click();
      await expect.poll(() => questions(t.page)).toEqual(['Tell me about tide pools']);
      await expect
        .poll(() => positionOf(questionSwitcherOf(users(t.page).first())))
        .toBe('Question version 1 of 2');
      expect(await renderedAnswer(t.page, assistants(t.page).last())).toBe(firstAnswer);
      expect((await stored(chatId)).messages[0]?.response).toBe(storedFirst);

      // A reload shows the same: the version chosen, its answer as it was rendered live.
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => questions(t.page), SLOW).toEqual(['Tell me about tide pools']);
      expect(await renderedAnswer(t.page, assistants(t.page).last())).toBe(firstAnswer);
      await questionSwitcherOf(users(t.page).first())
        .getByRole('button', { name: 'Next question version' })
        .click();
      await expect.poll(() => questions(t.page)).toEqual(['Tell me about coral reefs']);
      expect(await renderedAnswer(t.page, assistants(t.page).last())).toBe(secondAnswer);
      expect(await t.page.getByTestId('vault-mark').isVisible()).toBe(true);

      // Pictures of the screen: desktop and phone, light and dark; nothing wider than a phone.
      mkdirSync(SHOTS, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await t.page.emulateMedia({ colorScheme: scheme });
        await t.page.setViewportSize({ width: 1280, height: 800 });
        await settled(t.page);
        expect(await seriousViolations(t.page), scheme).toEqual([]);
        await t.page.screenshot({ path: path.join(SHOTS, `desktop-${scheme}.png`) });
        await t.page.setViewportSize({ width: 390, height: 844 });
        await expect
          .poll(() =>
            t.page.evaluate(
              () =>
                document.documentElement.scrollWidth -
                document.documentElement.clientWidth +
                [...document.querySelectorAll('header')].filter(
                  (bar) => bar.scrollWidth > bar.clientWidth,
                ).length,
            ),
          )
          .toBe(0);
        expect(await seriousViolations(t.page), `${scheme} phone`).toEqual([]);
        await t.page.screenshot({ path: path.join(SHOTS, `phone-${scheme}.png`) });
      }
      await t.page.emulateMedia({ colorScheme: 'light' });
      await t.page.setViewportSize({ width: 1280, height: 800 });

      // Locked, the screen shows the unlock pad; unlocked again, the chat is back.
      await t.page.getByRole('button', { name: 'Lock the vault' }).click();
      await t.page.getByLabel('PIN', { exact: true }).waitFor(SLOW);
      expect(await users(t.page).count()).toBe(0);
      await t.page.screenshot({ path: path.join(SHOTS, 'locked-desktop-light.png') });
      expect(new URL(t.page.url()).pathname).toBe(`/vault/chats/${chatId}`);
      await t.page.getByLabel('PIN', { exact: true }).fill(PIN);
      await t.page.getByRole('button', { name: 'Unlock' }).click();
      await expect.poll(() => questions(t.page), SLOW).toEqual(['Tell me about coral reefs']);

      // Out of the vault: the chat is a plain chat again, with its versions.
      await t.page.getByRole('button', { name: 'Move out of the vault' }).click();
      await t.page.waitForURL((url) => url.pathname === `/chats/${chatId}`, SLOW);
      await expect.poll(() => questions(t.page), SLOW).toEqual(['Tell me about coral reefs']);
      await expect
        .poll(() => positionOf(questionSwitcherOf(users(t.page).first())))
        .toBe('Question version 2 of 2');
      await expect.poll(() => t.page.getByTestId('vault-mark').count()).toBe(0);
      // A read still in flight when the vault locked is refused (423) and logged by the browser;
      // the screen answers it with the pad, as checked above.
      const errors = t.errors.filter((e) => !/status of 423/.test(e));
      expect(errors, errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 240_000);
  it('an answer still streaming when the page reloads picks up its stream and ends as stored; a vault locked elsewhere shows the pad', async () => {
    const { t, stored, lockElsewhere } = await vaultTab();
    try {
      await t.page.getByRole('button', { name: 'New chat', exact: true }).last().click();
      await t.page.waitForURL((url) => url.pathname === '/vault/chats/new', SLOW);
      await t.page.getByRole('button', { name: /^Model: / }).waitFor(SLOW);
      await composer(t.page).fill('Write about lighthouses [sim tokens=240 tps=30]');
      await composer(t.page).press('Enter');
      await t.page.waitForURL((url) => /^\/vault\/chats\/[0-9a-f-]{36}$/.test(url.pathname), SLOW);
      const chatId = new URL(t.page.url()).pathname.split('/').at(-1) ?? '';
      await expect
        .poll(
          async () =>
            (
              await assistants(t.page)
                .last()
                .locator('.markdown')
                .first()
                .innerText({ timeout: 500 })
                .catch(() => '')
            ).length > 40,
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);

      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => t.page.getByTestId('vault-mark').isVisible(), SLOW).toBe(true);
      await allAnswered(t.page);
      const shown = await renderedAnswer(t.page, assistants(t.page).last());
      const answer = (await stored(chatId)).messages.at(-1)?.response ?? '';
      expect(answer.length).toBeGreaterThan(200);
      await assistants(t.page)
        .last()
        .getByRole('button', { name: 'Copy', exact: true })
        .last()
        .click();
      await expect.poll(() => t.page.evaluate(() => navigator.clipboard.readText())).toBe(answer);
      // Rendered from the stream as it is when the stored answer is shown afresh.
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => assistants(t.page).count(), SLOW).toBe(1);
      expect(await renderedAnswer(t.page, assistants(t.page).last())).toBe(shown);

      // Locked from elsewhere: the next send is refused (423) and the screen shows the pad.
      await lockElsewhere();
      await composer(t.page).fill('One more question [sim tokens=10]');
      await composer(t.page).press('Enter');
      await t.page.getByLabel('PIN', { exact: true }).waitFor(SLOW);
      expect(await assistants(t.page).count()).toBe(0);
      // The refusal is logged by the browser; nothing else may fail.
      expect(t.errors.filter((e) => !/status of 423/.test(e))).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);
});
