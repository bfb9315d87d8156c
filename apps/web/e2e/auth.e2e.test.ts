import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nthMail, PASSWORD, signUpAndVerify, uniqueEmail } from './support/accounts';
import { baseUrl, launchBrowser, openPage } from './support/browser';

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
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
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
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
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

  it('"Sign out everywhere" asks first, then every tab and device is told and sent to /login, which brings them back', async () => {
    const tab1 = await openPage(browser);
    const email = uniqueEmail('everywhere');
    const device = await openPage(browser);
    try {
      await signUpAndVerify(tab1.page, email, PASSWORD);
      await tab1.page.waitForURL((url) => url.pathname === '/');
      // A second tab of the same browser (same storage), on a page of its own.
      const tab2 = await tab1.context.newPage();
      await tab2.goto('/chats', { waitUntil: 'networkidle' });
      await tab2.getByRole('link', { name: 'Chats', exact: true }).first().waitFor();
      // Another device, signed in on its own.
      await device.goto('/login');
      await signIn(device.page, email, PASSWORD);
      await device.page.waitForURL((url) => url.pathname === '/');
      await device.goto('/favourites');

      await tab1.goto('/profile');
      const signOutEverywhere = tab1.page.getByRole('button', { name: 'Sign out everywhere' });
      await signOutEverywhere.click();
      const confirm = tab1.page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await tab1.page.evaluate(() => localStorage.getItem('auth-storage'))).toContain(
        '"isAuthenticated":true',
      );
      await signOutEverywhere.click();
      await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
      await tab1.page.waitForURL((url) => url.pathname === '/');

      // The other tab hears it from the shared storage: a toast saying why, then the sign-in form.
      await tab2.waitForURL((url) => url.pathname === '/login');
      const told = tab2.getByRole('status').filter({ hasText: 'Your session ended' });
      await expect.poll(() => told.innerText()).toContain('You signed out everywhere');
      await signIn(tab2, email, PASSWORD);
      await tab2.waitForURL((url) => url.pathname === '/chats');

      // The other device finds out on its next request, which no refresh can fix (one it made on
      // its own since then counts too), and comes back to where it was after signing in.
      const onLogin = () => new URL(device.page.url()).pathname === '/login';
      if (!onLogin())
        await device.page.getByRole('link', { name: 'Chats', exact: true }).first().click();
      await device.page.waitForURL((url) => url.pathname === '/login');
      await device.page.getByRole('status').filter({ hasText: 'Your session ended' }).waitFor();
      await signIn(device.page, email, PASSWORD);
      await device.page.waitForURL(
        (url) => url.pathname === '/chats' || url.pathname === '/favourites',
      );
      expect(device.errors.filter((e) => !e.includes('401'))).toEqual([]);
    } finally {
      await tab1.context.close();
      await device.context.close();
    }
  }, 120_000);

  it('/login with a stale stored session shows the sign-in form rather than bouncing home', async () => {
    const setup = await openPage(browser);
    const email = uniqueEmail('stale');
    let stored: Awaited<ReturnType<typeof setup.context.storageState>>;
    try {
      await signUpAndVerify(setup.page, email, PASSWORD);
      await setup.page.waitForURL((url) => url.pathname === '/');
      stored = await setup.context.storageState();
      // Signing out here ends the session on the server; the copy taken above is now stale.
      await setup.goto('/profile');
      await setup.page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await setup.page.waitForURL((url) => url.pathname === '/');
    } finally {
      await setup.context.close();
    }

    const context = await browser.newContext({ baseURL: baseUrl(), storageState: stored });
    try {
      const page = await context.newPage();
      await page.goto('/login', { waitUntil: 'networkidle' });
      await page.getByLabel('Email').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await signIn(page, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });
});
