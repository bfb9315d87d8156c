import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nthMail, PASSWORD, signUpAndVerify, uniqueEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('accounts in the browser', () => {
  it('sign up → code from the outbox → verified and signed in → /profile → sign out', async () => {
    const t = await openPage(browser);
    const email = uniqueEmail('signup');
    try {
      // Record the signed-in events (the websocket client's cue) from the first page load on.
      await t.context.addInitScript(() => {
        const seen: unknown[] = [];
        Object.assign(window, { signedInEvents: seen });
        window.addEventListener('parallax:signed-in', (e) => seen.push((e as CustomEvent).detail));
      });
      await signUpAndVerify(t.page, email, PASSWORD);
      await t.page.waitForURL((url) => url.pathname === '/');
      const events = await t.page.evaluate(
        () => (window as unknown as { signedInEvents: unknown[] }).signedInEvents,
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toEqual(expect.any(String));

      const nav = t.page.getByRole('complementary');
      await nav.getByRole('button', { name: /Ada Lovelace/ }).click();
      await t.page.getByRole('menuitem', { name: 'Profile and settings' }).click();
      await t.page.waitForURL((url) => url.pathname === '/profile');
      await t.page.getByRole('heading', { name: 'Profile and settings' }).waitFor();
      expect(await t.page.getByLabel('Name').inputValue()).toBe('Ada Lovelace');
      await t.page.getByText(email).first().waitFor();

      await nav.getByRole('button', { name: /Ada Lovelace/ }).click();
      await t.page.getByRole('menuitem', { name: 'Sign out' }).click();
      await t.page.waitForURL((url) => url.pathname === '/');
      await nav.getByRole('link', { name: 'Sign in' }).waitFor();
      const stored = await t.page.evaluate(() => localStorage.getItem('auth-storage'));
      expect(stored).toContain('"isAuthenticated":false');

      // The session is over on the server as well: the guarded page sends us to sign in.
      await t.goto('/profile');
      await t.page.waitForURL((url) => url.pathname === '/login');
      expect(t.errors).toEqual([]);
    } finally {
      await t.context.close();
    }
  });

  it('forgot password → link from the outbox → new password → sign in with it', async () => {
    const setup = await openPage(browser);
    const email = uniqueEmail('reset');
    try {
      await signUpAndVerify(setup.page, email, PASSWORD);
      await setup.page.waitForURL((url) => url.pathname === '/');
    } finally {
      await setup.context.close();
    }

    const t = await openPage(browser);
    try {
      await t.goto('/login');
      await t.page.getByRole('link', { name: 'Forgot password?' }).click();
      await t.page.waitForURL((url) => url.pathname === '/forgot-password');
      await t.page.getByLabel('Email').fill(email);
      await t.page.getByRole('button', { name: 'Send reset link' }).click();
      await t.page.getByRole('heading', { name: 'Check your email' }).waitFor();

      const mail = await nthMail(email, 2);
      const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
      expect(link).toBeTruthy();
      await t.page.goto(link ?? '', { waitUntil: 'networkidle' });
      const newPassword = 'Quiet harbour 77 lamps';
      await t.page.getByLabel('New password', { exact: true }).fill(newPassword);
      await t.page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await t.page.getByRole('button', { name: 'Set new password' }).click();
      await t.page.waitForURL((url) => url.pathname === '/login');

      // The old password no longer works; the new one does.
      await signIn(t.page, email, PASSWORD);
      await t.page.getByRole('alert').first().waitFor();
      expect(new URL(t.page.url()).pathname).toBe('/login');
      await signIn(t.page, email, newPassword);
      await t.page.waitForURL((url) => url.pathname === '/');

      // The link was single use.
      await t.page.goto(link ?? '', { waitUntil: 'networkidle' });
      await t.page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
      expect(t.errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    } finally {
      await t.context.close();
    }
  });

  it('a guarded page visited signed out → /login → sign in → back on that page', async () => {
    const setup = await openPage(browser);
    const email = uniqueEmail('origin');
    try {
      await signUpAndVerify(setup.page, email, PASSWORD);
      await setup.page.waitForURL((url) => url.pathname === '/');
    } finally {
      await setup.context.close();
    }

    const t = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await t.goto('/profile');
      await t.page.waitForURL((url) => url.pathname === '/login');
      await signIn(t.page, email, PASSWORD);
      await t.page.waitForURL((url) => url.pathname === '/profile');
      await t.page.getByRole('heading', { name: 'Profile and settings' }).waitFor();
      expect(t.errors).toEqual([]);
    } finally {
      await t.context.close();
    }
  });

  it('a wrong password shows the server message inline and stays on /login', async () => {
    const t = await openPage(browser);
    try {
      await t.goto('/login');
      await signIn(t.page, uniqueEmail('nobody'), 'not the password');
      const alert = t.page.getByRole('alert').first();
      await alert.waitFor();
      expect((await alert.innerText()).trim().length).toBeGreaterThan(0);
      expect(new URL(t.page.url()).pathname).toBe('/login');
    } finally {
      await t.context.close();
    }
  });
});
