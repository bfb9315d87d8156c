import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('disable-admin');
const SUPPORT_EMAIL = 'help@parallax.test';
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ADMIN_EMAILS: ADMIN, SUPPORT_EMAIL }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('disabling a user', () => {
  it('asks first (Cancel keeps the account), and the disabled user is told where to write', async () => {
    let admin: Tab | undefined;
    let user: Tab | undefined;
    try {
      const userEmail = uniqueEmail('disable-member');
      await Promise.all([
        registerVerified(server, ADMIN, PASSWORD),
        registerVerified(server, userEmail, PASSWORD),
      ]);
      admin = await openTab(browser, server.url);
      await signIn(admin.page, ADMIN, PASSWORD);
      await admin.page.goto('/admin/users', { waitUntil: 'networkidle' });
      await admin.page.getByLabel('Search by email').fill(userEmail);
      const row = admin.page
        .getByRole('list', { name: 'Users' })
        .getByRole('listitem')
        .filter({ hasText: userEmail });
      const dialog = admin.page.getByRole('dialog', { name: 'Disable this user?' });

      await row.getByRole('button', { name: 'Disable', exact: true }).click();
      await expect.poll(() => dialog.innerText()).toContain(userEmail);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Nothing happened: the user still signs in.
      user = await openTab(browser, server.url);
      await signIn(user.page, userEmail, PASSWORD);
      await admin.page.reload({ waitUntil: 'networkidle' });
      await admin.page.getByLabel('Search by email').fill(userEmail);
      await row.getByRole('button', { name: 'Disable', exact: true }).waitFor();
      expect(await row.getByText('Disabled', { exact: true }).count()).toBe(0);

      await row.getByRole('button', { name: 'Disable', exact: true }).click();
      await dialog.getByRole('button', { name: 'Disable user' }).click();
      await row.getByText('Disabled', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Enable', exact: true }).waitFor();

      // Support needs a sign-in, so the refusal itself names the configured address.
      await user.context.close();
      user = await openTab(browser, server.url);
      await user.page.goto('/login', { waitUntil: 'networkidle' });
      await user.page.getByLabel('Email').fill(userEmail);
      await user.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await user.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect
        .poll(() => user!.page.getByRole('alert').innerText())
        .toContain(`write to support at ${SUPPORT_EMAIL}`);
      expect(admin.errors, admin.errors.join(' | ')).toEqual([]);
    } finally {
      await admin?.context.close();
      await user?.context.close();
    }
  }, 180_000);
});
