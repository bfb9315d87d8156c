import { API_KEY_PATTERN } from '@parallax/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpAndVerify, uniqueEmail } from './support/accounts';
import { seriousViolations, settled } from './support/accessibility';
import { baseUrl, launchBrowser, openPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** No serious axe violation in the light and the dark theme. */
async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settled(page);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const listModels = (secret: string) =>
  fetch(`${baseUrl()}/v1/models`, { headers: { authorization: `Bearer ${secret}` } });

describe('API keys in the browser', () => {
  it('create a key → its secret shown once → copy → it works → revoke → refused', async () => {
    const t = await openPage(browser);
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    try {
      await signUpAndVerify(t.page, uniqueEmail('keys'), PASSWORD);
      await t.page.waitForURL((url) => url.pathname === '/');
      await t.goto('/api-keys');
      await t.page.getByText('No API keys yet').waitFor();
      await expectAccessible(t.page);
      await t.page.getByRole('tab', { name: 'Python' }).click();
      await expect
        .poll(() => t.page.getByRole('tabpanel').innerText())
        .toContain('pip install openai');

      await t.page.getByRole('button', { name: 'Create your first key' }).click();
      const create = t.page.getByRole('dialog');
      await create.getByLabel('Name').fill('Laptop scripts');
      await create.getByLabel('Expires after').selectOption('90');
      await create.getByRole('button', { name: 'Create key' }).click();

      const secretBox = t.page.getByTestId('api-key-secret');
      await secretBox.waitFor();
      const secret = (await secretBox.innerText()).trim();
      expect(secret).toMatch(API_KEY_PATTERN);
      await expectAccessible(t.page);
      await t.page.getByRole('button', { name: 'Copy API key' }).click();
      await expect.poll(() => t.page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await t.page.getByRole('button', { name: 'I have copied it' }).click();

      const card = t.page.getByLabel('API key Laptop scripts');
      await card.waitFor();
      expect(await card.innerText()).toContain('Active');
      await expectAccessible(t.page);
      // Shown once: nowhere on the page now, nor after a reload.
      expect(await t.page.content()).not.toContain(secret);
      await t.goto('/api-keys');
      // The list loads after the page: read the page once the key's card is back.
      await card.waitFor();
      expect(await t.page.content()).not.toContain(secret);
      expect(await t.page.content()).toContain(secret.slice(-4));

      expect((await listModels(secret)).status).toBe(200);

      await t.page.getByRole('button', { name: 'Revoke' }).click();
      await t.page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
      await expect.poll(() => card.innerText()).toContain('Revoked');
      expect((await listModels(secret)).status).toBe(401);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);
});
