import type { HistoryResponse } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab } from './support/browser';
import { settledText } from './support/raw-markdown';
import { startServer, type RunningServer } from './support/server-process';
import { answerCount, submitPrompt } from './support/thread';

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  sim = await startProviderSim({
    port: 0,
    defaults: { ttftMs: 5, tokensPerSecond: 400, lengthTokens: 24 },
  });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${sim.url}/v1` }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

const SLOW = { timeout: 20_000 };
const PIN = '381946';
const lastAnswer = (page: Page) => page.locator('[data-role="assistant"]').last();

async function send(page: Page, text: string): Promise<void> {
  const before = await answerCount(page);
  await submitPrompt(page, text);
  await expect.poll(() => answerCount(page), SLOW).toBe(before + 1);
  await expect.poll(() => lastAnswer(page).getAttribute('data-status'), SLOW).toBe('completed');
}

/** The system message of the upstream request that carried `question` ('' when it had none). */
function systemSentWith(question: string): string {
  const request = sim.requests.findLast((r) => JSON.stringify(r.body).includes(question));
  expect(request, question).toBeDefined();
  const messages = (request?.body as { messages: Array<{ role: string; content: unknown }> })
    .messages;
  return JSON.stringify(messages.filter((m) => m.role === 'system' || m.role === 'developer'));
}

describe('custom instructions and memory', () => {
  it('reach the upstream, stay out of a chat turned off and of the vault; memory is edited and deleted', async () => {
    const email = uniqueEmail('memory');
    await registerVerified(server, email, PASSWORD);
    const t = await openTab(browser, server.url);
    let bearer = '';
    t.page.on('request', (r) => (bearer = r.headers()['authorization'] ?? bearer));
    try {
      const { page } = t;
      await signIn(page, email, PASSWORD);

      // Settings: custom instructions saved, memory off until switched on.
      await page.goto('/settings', { waitUntil: 'networkidle' });
      await page.getByLabel('What should the model know about you?').fill('Marker about-7q');
      await page.getByLabel('How should it answer?').fill('Marker style-7q');
      await page.getByRole('button', { name: 'Save instructions' }).click();
      await page.getByText('Custom instructions saved').waitFor();
      await page.getByText('Nothing remembered yet').waitFor();
      const useMemory = page.getByRole('switch', { name: 'Use memory' });
      expect(await useMemory.getAttribute('aria-checked')).toBe('false');
      await useMemory.click();
      await expect.poll(() => useMemory.getAttribute('aria-checked')).toBe('true');

      // Asking to remember saves the fact and marks the answer.
      await page.goto('/', { waitUntil: 'networkidle' });
      await send(page, 'Remember that I prefer metric units');
      await lastAnswer(page).getByText('Memory updated').waitFor(SLOW);
      const first = systemSentWith('Remember that I prefer metric units');
      for (const marker of ['Marker about-7q', 'Marker style-7q', 'I prefer metric units'])
        expect(first).toContain(marker);
      expect(first.indexOf('about-7q')).toBeLessThan(first.indexOf('metric'));

      // "Remember…" on the answer: prefilled with the answer shown, which is the stored one.
      const chatId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      const history = (await (
        await fetch(`${server.url}/api/v1/chat/messages?conversation_id=${chatId}`, {
          headers: { authorization: bearer },
        })
      ).json()) as HistoryResponse;
      const storedAnswer =
        history.messages.find((m) => m.content === 'Remember that I prefer metric units')
          ?.response ?? '';
      expect(storedAnswer.length).toBeGreaterThan(10);
      const shown = await settledText(page, lastAnswer(page).locator('.markdown').first());
      // The rendered text is the stored markdown without its marks.
      const plain = (text: string) =>
        text
          .replace(/[#`*_]/g, '')
          .replace(/\s+/g, ' ')
          .trim();
      expect(plain(shown)).toBe(plain(storedAnswer));
      await lastAnswer(page).hover();
      await lastAnswer(page).getByRole('button', { name: 'Remember…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remember' });
      expect(await dialog.getByLabel('Memory').inputValue()).toBe(storedAnswer);
      await dialog.getByLabel('Memory').fill('Keeps bees, Marker hive-3');
      await dialog.getByRole('button', { name: 'Save memory' }).click();
      await page.getByText('Memory saved').waitFor();

      await send(page, 'Which units do I like?');
      expect(systemSentWith('Which units do I like?')).toContain('Marker hive-3');

      // Off for this chat: the next turn goes without any of it; another chat still has it.
      const toggle = page.getByRole('switch', {
        name: 'Custom instructions and memory in this chat',
      });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await send(page, 'Plain question here');
      expect(systemSentWith('Plain question here')).toBe('[]');
      await page.reload({ waitUntil: 'networkidle' });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await page.goto('/', { waitUntil: 'networkidle' });
      await send(page, 'A fresh chat question');
      expect(systemSentWith('A fresh chat question')).toContain('Marker hive-3');

      // The memory page: edit one, delete the other; it stays so after a reload.
      await page.goto('/settings#memory', { waitUntil: 'networkidle' });
      const rows = page.getByRole('list', { name: 'Memories' }).getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(2);
      await page.getByRole('button', { name: 'Edit memory: I prefer metric units' }).click();
      await page
        .getByRole('textbox', { name: 'Edit memory' })
        .fill('I prefer metric units and 24-hour time');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('I prefer metric units and 24-hour time').waitFor();
      await page.getByRole('button', { name: 'Delete memory: Keeps bees, Marker hive-3' }).click();
      await page.getByText('Memory deleted').waitFor();
      await page.reload({ waitUntil: 'networkidle' });
      await expect
        .poll(() => rows.allInnerTexts())
        .toEqual(['I prefer metric units and 24-hour time']);

      // The vault: neither reaches its turn, and asking there saves nothing.
      await page.goto('/vault', { waitUntil: 'networkidle' });
      await page.getByLabel('New PIN or passphrase').fill(PIN);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Type it again').fill(PIN);
      await page.getByRole('button', { name: 'Create vault' }).click();
      await page.getByTestId('recovery-key').waitFor(SLOW);
      await page.getByLabel('I kept my recovery key somewhere safe.').check();
      await page.getByRole('button', { name: 'Open my vault' }).click();
      await page.getByText('Your vault is empty').waitFor(SLOW);
      await page.getByRole('button', { name: 'New chat', exact: true }).last().click();
      await page.waitForURL((url) => url.pathname === '/vault/chats/new', SLOW);
      await send(page, 'Remember that my vault secret is kelp');
      const vaultRequest = JSON.stringify(
        sim.requests.findLast((r) => JSON.stringify(r.body).includes('vault secret is kelp'))?.body,
      );
      expect(vaultRequest).toContain('vault secret is kelp');
      for (const marker of ['about-7q', 'style-7q', 'metric units'])
        expect(vaultRequest).not.toContain(marker);
      await lastAnswer(page).hover();
      expect(await lastAnswer(page).getByRole('button', { name: 'Remember…' }).count()).toBe(0);
      expect(await lastAnswer(page).getByText('Memory updated').count()).toBe(0);
      await page.goto('/settings#memory', { waitUntil: 'networkidle' });
      await expect
        .poll(() => rows.allInnerTexts())
        .toEqual(['I prefer metric units and 24-hour time']);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 90_000);
});
