import { LIMITS } from '@parallax/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('errors-admin');
const USER = uniqueEmail('errors-user');
/** Time the report may take beyond the flush interval: the request itself on a busy machine. */
const DELIVERY_MARGIN_MS = 5_000;
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ADMIN_EMAILS: ADMIN })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('client errors', () => {
  it('an error thrown in the web reaches /admin/errors within one flush', async () => {
    let user: Tab | undefined;
    let admin: Tab | undefined;
    try {
      await registerVerified(server, ADMIN, PASSWORD, 'Sam Support');
      await registerVerified(server, USER, PASSWORD, 'Ada Lovelace');
      user = await openTab(browser, server.url);
      // The workspace screens' chunk cannot load (a deploy replaced it, the network dropped it):
      // opening Prompt templates from the sidebar fails and shows the page's error screen.
      await user.page.route(/\/assets\/workspace-[^/]*\.js$/, (route) => route.abort());
      await signIn(user.page, USER, PASSWORD);
      // Prompt templates is in the sidebar's Tools group, folded at first.
      await user.page.getByRole('button', { name: 'Tools', expanded: false }).click();
      await user.page.getByRole('link', { name: 'Prompt templates' }).first().click();
      const errorScreen = user.page.getByRole('alert').filter({ hasText: 'Error ID' });
      await errorScreen.waitFor();
      const shownAt = Date.now();
      const errorId = (await errorScreen.locator('code').innerText()).trim();
      expect(errorId).toMatch(/^err_/);

      // The logger's own timer sends it: nothing in the page is told to flush.
      const report = await user.page.waitForResponse(
        (res) =>
          res.url().endsWith('/api/v1/logging/errors') &&
          (res.request().postData() ?? '').includes(errorId),
        { timeout: LIMITS.logFlushIntervalMs + DELIVERY_MARGIN_MS },
      );
      expect(report.status()).toBe(202);
      expect(Date.now() - shownAt).toBeLessThanOrEqual(
        LIMITS.logFlushIntervalMs + DELIVERY_MARGIN_MS,
      );

      admin = await openTab(browser, server.url);
      await signIn(admin.page, ADMIN, PASSWORD);
      await admin.page.goto('/admin/errors', { waitUntil: 'networkidle' });
      await admin.page.getByRole('heading', { name: 'Client errors' }).waitFor();
      const groups = admin.page.getByRole('list', { name: 'Error groups, last seen first' });
      const group = groups
        .getByRole('listitem')
        .filter({ hasText: 'NETWORK_ERROR' })
        .filter({
          hasText: /Failed to fetch dynamically imported module: \S*\/assets\/workspace-/,
        });
      await group.waitFor();
      // The one user who met it, however many reports the failed chunk caused.
      await group.getByText(/· 1 user ·/).waitFor();

      await admin.page.getByLabel('Error ID').fill(errorId);
      await admin.page.getByRole('button', { name: 'Find' }).click();
      const detail = admin.page.getByRole('region', { name: `Error ${errorId}` });
      await detail.waitFor();
      await detail.getByText('/prompt-templates', { exact: false }).first().waitFor();
      const stack = detail.locator('pre');
      expect(await stack.innerText()).toContain('Failed to fetch dynamically imported module');
      const crumbs = detail.getByRole('listitem');
      const crumbTexts = await crumbs.allInnerTexts();
      // What led to it: the sign-in click, the request it made, the click on the sidebar link.
      expect(crumbTexts.some((c) => c.includes('ui.click') && c.includes('"Sign in"'))).toBe(true);
      expect(crumbTexts.some((c) => /http\s+POST \S*\/api\/v1\/auth\/login\b/.test(c))).toBe(true);
      expect(
        crumbTexts.some((c) => c.includes('ui.click') && c.includes('/prompt-templates')),
      ).toBe(true);
      // Never what the user typed.
      expect(crumbTexts.join('\n')).not.toContain(PASSWORD);
      for (const colorScheme of ['light', 'dark'] as const) {
        await admin.page.emulateMedia({ colorScheme });
        await settled(admin.page);
        expect(await seriousViolations(admin.page), colorScheme).toEqual([]);
      }
    } finally {
      await user?.context.close();
      await admin?.context.close();
    }
  }, 120_000);
});
