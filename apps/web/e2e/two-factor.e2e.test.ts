import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settled } from './support/accessibility';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab } from './support/browser';
import { setFeatureFlag } from './support/feature-flags';
import { startServer, type RunningServer } from './support/server-process';
import { authenticatorCode, nextAuthenticatorCode } from './support/totp';

const ADMIN = uniqueEmail('2fa-admin');
const USER = uniqueEmail('2fa-user');
const SLOW = { timeout: 20_000 };
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ADMIN_EMAILS: ADMIN })]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Types a code into the six digit boxes of the group named `label`. */
async function typeCode(page: Page, label: string, code: string): Promise<void> {
  const group = page.getByRole('group', { name: label });
  await group.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settled(page);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(USER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/auth/two-factor', SLOW);
}

describe('two-factor sign-in in the browser', () => {
  it('with the flag off the settings show nothing of it; on, a user enrols with the key, signs in with a code and with a recovery code, and turns it off', async () => {
    await registerVerified(server, ADMIN, PASSWORD);
    await registerVerified(server, USER, PASSWORD);
    const { page, context, errors } = await openTab(browser, server.url);
    try {
      await signIn(page, USER, PASSWORD);
      await page.goto('/settings', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Password' }).waitFor(SLOW);
      expect(await page.getByRole('heading', { name: 'Two-factor sign-in' }).count()).toBe(0);

      await setFeatureFlag(server, ADMIN, 'two_factor', true);
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor(SLOW);
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor(SLOW);
      const key = ((await page.getByTestId('manual-key').textContent()) ?? '').replace(/\s/g, '');
      expect(key).toMatch(/^[A-Z2-7]{32}$/);

      // A wrong code is refused with a clear message; the right one turns it on.
      const enrolCode = authenticatorCode(key);
      const wrong = String((Number(enrolCode) + 500_000) % 1_000_000).padStart(6, '0');
      await typeCode(page, 'Code from the app', wrong);
      await page.getByRole('alert').filter({ hasText: 'not correct' }).waitFor(SLOW);
      await typeCode(page, 'Code from the app', enrolCode);
      const codes = page.getByTestId('recovery-codes').getByRole('listitem');
      await expect.poll(() => codes.count(), SLOW).toBe(10);
      const [recoveryCode = '', secondRecoveryCode = ''] = await codes.allTextContents();
      await page.getByLabel('I kept my recovery codes somewhere safe.').check();
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByText(/Two-factor sign-in is on since/).waitFor(SLOW);
      await page.getByText('10 recovery codes left.').waitFor();

      // Signing in now takes a code after the password.
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signInWithPassword(page);
      await expectAccessible(page);
      await typeCode(page, 'Authentication code', await nextAuthenticatorCode(key, enrolCode));
      await page.waitForURL((url) => url.pathname === '/', SLOW);
      await page.goto('/settings', { waitUntil: 'networkidle' });
      await page.getByText(/Two-factor sign-in is on since/).waitFor(SLOW);

      // …or a recovery code, once.
      await page.evaluate(() => localStorage.clear());
      await signInWithPassword(page);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCode);
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/', SLOW);
      await page.goto('/settings', { waitUntil: 'networkidle' });
      await page.getByText('9 recovery codes left.').waitFor(SLOW);

      // Turning it off takes the password and a code; then the password alone signs in.
      await page.getByRole('button', { name: 'Turn off' }).click();
      const turnOff = page.getByRole('form', { name: 'Turn off two-factor sign-in' });
      await turnOff.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await turnOff.getByLabel('Code from your app, or a recovery code').fill(secondRecoveryCode);
      await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor(SLOW);
      await page.evaluate(() => localStorage.clear());
      await signIn(page, USER, PASSWORD);
      expect(errors, errors.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 150_000);
});
