import { EXAMPLE_PLANS } from '@parallax/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('plans-admin');
let browser: Browser;
// Its own server: the suite's shared one has paid plans from other files.
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ADMIN_EMAILS: ADMIN })]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('example plans', () => {
  it('a fresh install offers them in /admin/plans; one click puts them on /pricing', async () => {
    let admin: Tab | undefined;
    try {
      await registerVerified(server, ADMIN, PASSWORD);
      admin = await openTab(browser, server.url);
      await signIn(admin.page, ADMIN, PASSWORD);
      await admin.page.goto('/admin/plans', { waitUntil: 'networkidle' });
      const offer = admin.page.getByRole('region', { name: 'No paid plans' });
      await offer.getByRole('button', { name: 'Create example plans' }).click();
      await offer.waitFor({ state: 'hidden' });
      const listed = admin.page.getByRole('list', { name: 'Plans in display order' });
      for (const plan of EXAMPLE_PLANS)
        await listed.getByText(plan.name, { exact: true }).waitFor();

      await admin.page.goto('/pricing', { waitUntil: 'networkidle' });
      for (const plan of EXAMPLE_PLANS)
        await expect.poll(() => admin!.page.locator('body').innerText()).toContain(plan.name);
      expect(admin.errors, admin.errors.join(' | ')).toEqual([]);
    } finally {
      await admin?.context.close();
    }
  }, 120_000);
});
