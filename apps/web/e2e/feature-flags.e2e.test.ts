import { generateKeyPairSync } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('flags-admin');
let browser: Browser;
let server: RunningServer;
let admin: Tab | undefined;

beforeAll(async () => {
  // Both providers configured (their sign-in pages are never visited: the buttons are enough).
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ADMIN_EMAILS: ADMIN,
      GOOGLE_CLIENT_ID: 'e2e-google-client',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      APPLE_CLIENT_ID: 'com.parallax.e2e',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await server?.stop();
});

/** The admin's signed-in tab, made on first use (expect.poll needs a running test). */
async function adminPage(): Promise<Page> {
  if (!admin) {
    await registerVerified(server, ADMIN, PASSWORD);
    admin = await openTab(browser, server.url);
    await signIn(admin.page, ADMIN, PASSWORD);
  }
  return admin.page;
}

const google = (page: Page) => page.getByRole('button', { name: 'Continue with Google' });
const apple = (page: Page) => page.getByRole('button', { name: 'Continue with Apple' });

/** Flips a flag on /admin/flags with the keyboard, and waits for the switch to show it saved. */
async function toggleFlag(page: Page, label: string, to: boolean): Promise<void> {
  await page.goto('/admin/flags', { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Feature flags', level: 1 }).waitFor();
  const toggle = page.getByRole('switch', { name: label });
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(!to));
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(to));
  await page.getByText(`${label} turned ${to ? 'on' : 'off'}`).waitFor();
  await page
    .getByText(new RegExp(`Last changed by ${ADMIN}`))
    .first()
    .waitFor();
}

/** A visitor's tab that records every usage batch it sends (fetch or beacon). */
async function visitorTab(): Promise<{ tab: Tab; batches: string[] }> {
  const tab = await openTab(browser, server.url);
  const batches: string[] = [];
  tab.page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/logging/telemetry')) batches.push(request.url());
  });
  return { tab, batches };
}

describe('feature flags', () => {
  it('an admin turns Google sign-in off in /admin/flags; the sign-in page no longer offers Google', async () => {
    const page = await adminPage();
    const before = await openTab(browser, server.url);
    try {
      await before.page.goto('/login', { waitUntil: 'networkidle' });
      await google(before.page).waitFor();
      await apple(before.page).waitFor();
    } finally {
      await before.context.close();
    }

    await toggleFlag(page, 'Google sign-in', false);

    const after = await openTab(browser, server.url);
    try {
      for (const path of ['/login', '/signup']) {
        await after.page.goto(path, { waitUntil: 'networkidle' });
        // Apple showing means the config has arrived: Google's absence is then the flag's doing.
        await apple(after.page).waitFor();
        expect(await google(after.page).count()).toBe(0);
      }
      expect(after.errors, after.errors.join(' | ')).toEqual([]);
    } finally {
      await after.context.close();
    }
    await toggleFlag(page, 'Google sign-in', true);
  });

  it('with analytics off no usage batch leaves the browser; with it on, one does', async () => {
    const page = await adminPage();
    const leave = async (tab: Tab) => {
      await tab.page.goto('/', { waitUntil: 'networkidle' });
      await tab.page.goto('/pricing', { waitUntil: 'networkidle' });
      // What the browser does when the tab is hidden or left: the beacon flush.
      await tab.page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      await tab.page.waitForTimeout(1_000);
    };

    const on = await visitorTab();
    try {
      await leave(on.tab);
      expect(on.batches.length).toBeGreaterThan(0);
    } finally {
      await on.tab.context.close();
    }

    await toggleFlag(page, 'Analytics', false);
    const off = await visitorTab();
    try {
      await leave(off.tab);
      expect(off.batches).toEqual([]);
    } finally {
      await off.tab.context.close();
    }
    await toggleFlag(page, 'Analytics', true);
  });
});
