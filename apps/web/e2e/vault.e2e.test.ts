import { readFileSync } from 'node:fs';
import { VAULT_RECOVERY_KEY_PATTERN } from '@parallax/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settled } from './support/accessibility';
import { mailsTo, PASSWORD, signUpAndVerify, uniqueEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { openSearchPalette } from './support/search-palette';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SLOW = { timeout: 20_000 };
const PIN = '284719';
const composer = (page: Page) => page.getByLabel('Message', { exact: true });

/** Sends from home and waits for the answer; answers the chat's id. */
async function newChat(page: Page, text: string): Promise<string> {
  await page.goto('/', { waitUntil: 'networkidle' });
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), SLOW);
  await expect
    .poll(() => page.locator('[data-role="assistant"]').last().getAttribute('data-status'), {
      timeout: 40_000,
    })
    .toBe('completed');
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

async function searchFinds(page: Page, word: string): Promise<boolean> {
  await page.goto('/chats', { waitUntil: 'networkidle' });
  const box = await openSearchPalette(page);
  await box.pressSequentially(word);
  const options = page.getByRole('option');
  const none = page.getByText(/^No matches for/);
  await expect
    .poll(async () => (await options.count()) > 0 || (await none.isVisible()), SLOW)
    .toBe(true);
  const found = (await options.count()) > 0;
  await page.keyboard.press('Escape');
  return found;
}

async function unlock(page: Page, pin: string): Promise<void> {
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('button', { name: 'Lock now' }).waitFor(SLOW);
}

describe('the vault in the browser', () => {
  it('set up, chat inside the vault and move a chat in, lock (gone from /chats and search), unlock, reset by key keeps it, reset by mail empties it', async () => {
    const t = await openPage(browser);
    try {
      const email = uniqueEmail('vault');
      await signUpAndVerify(t.page, email, PASSWORD);
      await t.page.waitForURL((url) => url.pathname === '/', SLOW);
      const marker = `Vaultword${Date.now().toString(36)}`;
      const chatId = await newChat(t.page, `Tell me about\n${marker} gardens [sim tokens=20]`);

      // Set-up: a trivial PIN is refused, then PIN, confirm, recovery key kept.
      await t.goto('/vault');
      await t.page.getByLabel('New PIN or passphrase').fill('123456');
      await t.page.getByRole('button', { name: 'Continue' }).click();
      await t.page.getByText(/too easy to guess/).waitFor();
      await t.page.getByLabel('New PIN or passphrase').fill(PIN);
      await t.page.getByRole('button', { name: 'Continue' }).click();
      await t.page.getByLabel('Type it again').fill(PIN);
      await t.page.getByRole('button', { name: 'Create vault' }).click();
      const keyBox = t.page.getByTestId('recovery-key');
      await keyBox.waitFor(SLOW);
      const recoveryKey = (await keyBox.innerText()).trim();
      expect(recoveryKey).toMatch(VAULT_RECOVERY_KEY_PATTERN);
      const open = t.page.getByRole('button', { name: 'Open my vault' });
      expect(await open.isDisabled()).toBe(true);
      await t.page.getByLabel('I kept my recovery key somewhere safe.').check();
      await open.click();
      await t.page.getByText('Your vault is empty').waitFor(SLOW);
      await settled(t.page);
      expect(await seriousViolations(t.page)).toEqual([]);

      // A chat inside the vault, with a file, in the chat screen: the answer streams in (a
      // partial answer shows before it is complete), like any chat's.
      const secret = `Hushword${Date.now().toString(36)}`;
      await t.page.getByRole('button', { name: 'New chat', exact: true }).last().click();
      await t.page.waitForURL((url) => url.pathname === '/vault/chats/new', SLOW);
      await t.page.getByRole('button', { name: /^Model: / }).waitFor(SLOW);
      await t.page.getByTestId('composer-file-input').setInputFiles({
        name: 'garden-notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(`notes about ${secret}`),
      });
      await t.page.getByText('garden-notes.txt').waitFor();
      await composer(t.page).fill(`${secret} plans [sim tokens=80 tps=20]`);
      await composer(t.page).press('Enter');
      const answer = t.page.locator('[data-role="assistant"]').last();
      await expect
        .poll(
          async () =>
            (await answer.getAttribute('aria-busy', { timeout: 1_000 }).catch(() => null)) ===
              'true' &&
            (
              await answer
                .locator('.markdown')
                .first()
                .innerText({ timeout: 1_000 })
                .catch(() => '')
            ).length > 0,
          { timeout: 40_000, interval: 50 },
        )
        .toBe(true);
      await t.page.getByRole('button', { name: 'Stop generating' }).waitFor();
      await expect
        .poll(() => answer.getAttribute('data-status'), { timeout: 40_000 })
        .toBe('completed');
      expect(await answer.innerText()).toContain(secret);
      expect(await t.page.locator('[data-role="user"]').last().innerText()).toContain(
        'garden-notes.txt',
      );
      // The file downloads through the vault (with its token), opened as it was sent.
      const download = t.page.waitForEvent('download');
      await t.page.getByRole('button', { name: /garden-notes\.txt/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('garden-notes.txt');
      expect(readFileSync(await file.path(), 'utf8')).toBe(`notes about ${secret}`);
      await t.page.getByRole('link', { name: 'Back to the vault' }).click();
      const vaultChat = t.page.getByRole('region', { name: 'Chats' }).getByRole('button');
      await expect.poll(() => vaultChat.count(), SLOW).toBe(1);

      // Move the other chat in from its menu.
      await t.goto(`/chats/${chatId}`);
      await t.page
        .getByRole('button', { name: /^More actions for / })
        .first()
        .click();
      await t.page.getByRole('menuitem', { name: 'Move to vault' }).click();
      await t.page.waitForURL((url) => url.pathname === '/vault', SLOW);
      await expect.poll(() => vaultChat.count(), SLOW).toBe(2);

      // Locked: gone from /chats and from search.
      await t.page.getByRole('button', { name: 'Lock now' }).click();
      await t.page.getByText('Your vault is locked').waitFor(SLOW);
      await t.goto('/chats');
      await expect.poll(() => t.page.locator(`a[href="/chats/${chatId}"]`).count(), SLOW).toBe(0);
      expect(await searchFinds(t.page, marker)).toBe(false);
      expect(await searchFinds(t.page, secret)).toBe(false);

      // Unlock with the PIN: the chat is there.
      await t.goto('/vault');
      await unlock(t.page, PIN);
      await expect.poll(() => vaultChat.count(), SLOW).toBe(2);

      // Change the PIN with the current one: the old one no longer opens the vault.
      await t.page.getByRole('button', { name: 'Change PIN' }).click();
      const change = t.page.getByRole('dialog');
      await change.getByLabel('Current PIN').fill(PIN);
      await change.getByLabel('New PIN', { exact: true }).fill('530917');
      await change.getByLabel('New PIN again').fill('530917');
      await change.getByRole('button', { name: 'Change PIN' }).click();
      await change.waitFor({ state: 'detached', ...SLOW });
      await t.page.getByRole('button', { name: 'Lock now' }).click();
      await t.page.getByLabel('PIN', { exact: true }).fill(PIN);
      await t.page.getByRole('button', { name: 'Unlock' }).click();
      await t.page.getByText(/Incorrect PIN/).waitFor(SLOW);
      await unlock(t.page, '530917');

      // Reset with the recovery key: a new PIN, the chat kept.
      await t.goto('/vault/reset-pin');
      await t.page.getByLabel('Recovery key', { exact: true }).fill(recoveryKey);
      await t.page.getByLabel('New PIN', { exact: true }).first().fill('605193');
      await t.page.getByLabel('New PIN again').first().fill('605193');
      await t.page.getByRole('button', { name: 'Set new PIN' }).click();
      await t.page.waitForURL((url) => url.pathname === '/vault', SLOW);
      await expect.poll(() => vaultChat.count(), SLOW).toBe(2);
      await t.page.getByRole('button', { name: 'Lock now' }).click();
      await unlock(t.page, '605193');
      await expect.poll(() => vaultChat.count(), SLOW).toBe(2);

      // Reset by mailed code: the screen warns first, ERASE is typed, the vault is empty.
      await t.goto('/vault/reset-pin');
      await t.page.getByText('This erases everything in your vault').waitFor();
      const before = mailsTo(email).length;
      await t.page.getByRole('button', { name: 'Email me a code' }).click();
      await expect.poll(() => mailsTo(email).length, SLOW).toBeGreaterThan(before);
      const code = /\b(\d{6})\b/.exec(mailsTo(email).at(-1)?.text ?? '')?.[1] ?? '';
      await t.page.getByLabel('Code from the email').fill(code);
      await t.page.getByLabel('New PIN', { exact: true }).last().fill('730519');
      await t.page.getByLabel('New PIN again').last().fill('730519');
      await t.page.getByLabel('Type ERASE to confirm').fill('ERASE');
      await t.page.getByRole('button', { name: 'Erase the vault and set a new PIN' }).click();
      await t.page.getByTestId('recovery-key').waitFor(SLOW);
      await t.page.getByLabel('I kept my recovery key somewhere safe.').check();
      await t.page.getByRole('button', { name: 'Open my vault' }).click();
      await t.page.getByText('Your vault is empty').waitFor(SLOW);
      // The one wrong PIN above is answered 422, which the browser logs; nothing else may fail.
      expect(t.errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
      expect(t.errors).toHaveLength(1);
    } finally {
      await t.context.close();
    }
  }, 180_000);
});
