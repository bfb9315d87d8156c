import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('plans-admin');
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ADMIN_EMAILS: ADMIN, FREE_DAILY_LIMIT: '25' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settled(page);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The verification mail this test's own server wrote to its dev outbox. */
async function mailTo(to: string): Promise<{ text: string }> {
  const outbox = path.join(server.dataDir, 'dev-outbox.jsonl');
  const find = () =>
    existsSync(outbox)
      ? readFileSync(outbox, 'utf8')
          .split('\n')
          .filter((line) => line.includes(to))
          .map((line) => JSON.parse(line) as { text: string })
          .at(-1)
      : undefined;
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find() ?? { text: '' };
}

/** The id of the plan the test created, as the public list gives it. */
async function scholarPlanId(): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/plans`);
  const body = (await res.json()) as { plans: Array<{ id: string; name: string }> };
  return body.plans.find((plan) => plan.name === 'Scholar')?.id ?? 'missing';
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('plans', () => {
  it('an admin creates a plan in /admin/plans and a user sees it on /pricing, their plan marked', async () => {
    let admin: Tab | undefined;
    let user: Tab | undefined;
    try {
      await registerVerified(server, ADMIN, PASSWORD);
      admin = await openTab(browser, server.url);
      await signIn(admin.page, ADMIN, PASSWORD);
      await admin.page.goto('/admin/plans', { waitUntil: 'networkidle' });
      const list = admin.page.getByRole('list', { name: 'Plans in display order' });
      await list.getByText('Free plan').waitFor();

      await admin.page.getByRole('button', { name: 'New plan' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'New plan' });
      await dialog.getByLabel('Name').fill('Scholar');
      // A typing mistake is caught on the field, before anything is sent.
      await dialog.getByLabel('Price').fill('-3');
      await dialog.getByRole('button', { name: 'Create plan' }).click();
      await dialog.getByText('Enter a price of 0 or more.').waitFor();
      await dialog.getByLabel('Price').fill('9.50');
      await dialog.getByLabel('Messages a day').fill('200');
      await dialog.getByLabel('Compare panels').selectOption('4');
      await dialog.getByLabel('Features on /pricing').fill('Priority answers\nEarly access');
      await dialog.getByRole('button', { name: 'Create plan' }).click();
      await dialog.waitFor({ state: 'detached' });
      await list.getByText('Scholar').waitFor();
      await expectAccessible(admin.page);

      // Moved first: /pricing follows the admin's order.
      await admin.page.getByRole('button', { name: 'Move Scholar up' }).click();
      await expect
        .poll(async () => (await list.getByRole('heading').allInnerTexts()).slice(0, 2))
        .toEqual(['Scholar', 'Free']);

      // A visitor picking it is sent to sign up first.
      user = await openTab(browser, server.url);
      await user.page.goto('/pricing', { waitUntil: 'networkidle' });
      const scholar = card(user.page, 'Scholar');
      await scholar.getByText('$9.50').waitFor();
      await scholar.getByText('200 messages a day').waitFor();
      await scholar.getByText('Early access').waitFor();
      expect(await user.page.getByText('Current plan', { exact: true }).count()).toBe(0);
      await scholar.getByRole('button', { name: 'Choose Scholar' }).click();
      await user.page.waitForURL((url) => url.pathname === '/signup');

      // Signing up there brings the visitor back to the pick, which this server cannot sell.
      const email = uniqueEmail('plans-user');
      await user.page.getByLabel('Name').fill('Ada Lovelace');
      await user.page.getByLabel('Email').fill(email);
      await user.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await user.page.getByRole('button', { name: 'Create account' }).click();
      await user.page.waitForURL((url) => url.pathname === '/verify-email');
      const code = /verification code is: (\d{6})/.exec((await mailTo(email)).text)?.[1];
      await user.page.getByLabel('Digit 1 of 6').focus();
      await user.page.keyboard.type(code ?? '');
      await user.page.waitForURL((url) => url.pathname === '/pricing');
      await user.page
        .getByRole('dialog', { name: 'Payments are not configured on this server' })
        .waitFor();
      await user.page.keyboard.press('Escape');
      await card(user.page, 'Free').getByText('Current plan', { exact: true }).waitFor();
      expect(
        await card(user.page, 'Scholar').getByText('Current plan', { exact: true }).count(),
      ).toBe(0);
      expect(
        (
          await user.page.getByRole('list', { name: 'Plans' }).getByRole('heading').allInnerTexts()
        ).slice(0, 2),
      ).toEqual(['Scholar', 'Free']);
      await expectAccessible(user.page);

      // Yearly shows no paid plans yet; monthly brings Scholar back.
      await user.page.getByRole('button', { name: 'Yearly' }).click();
      await user.page.getByText('No yearly paid plans are offered yet.').waitFor();
      expect(await card(user.page, 'Scholar').count()).toBe(0);
      await user.page.getByRole('button', { name: 'Monthly' }).click();

      // No Stripe keys on this server: said plainly.
      await card(user.page, 'Scholar').getByRole('button', { name: 'Choose Scholar' }).click();
      await user.page
        .getByRole('dialog', { name: 'Payments are not configured on this server' })
        .waitFor();
      await user.page.keyboard.press('Escape');

      // The checkout itself says so too, and nothing else on the page breaks.
      const scholarId = await scholarPlanId();
      await user.page.goto(`/subscription/checkout/${scholarId}`, { waitUntil: 'networkidle' });
      await user.page
        .getByRole('heading', { name: 'Payments are not configured on this server' })
        .waitFor();
      await user.page.getByRole('link', { name: 'See plans' }).waitFor();
      await user.page.goto('/pricing', { waitUntil: 'networkidle' });

      // Archived: gone from /pricing.
      await admin.page.getByRole('button', { name: 'Archive' }).first().click();
      await list.getByText('Archived').waitFor();
      await user.page.reload({ waitUntil: 'networkidle' });
      await card(user.page, 'Free').waitFor();
      expect(await card(user.page, 'Scholar').count()).toBe(0);

      // The plan's panel count is shown where models are picked, with the way to more.
      await admin.page.getByRole('button', { name: 'Edit Free' }).click();
      const free = admin.page.getByRole('dialog', { name: 'Edit Free' });
      await free.getByLabel('Compare panels').selectOption('2');
      await free.getByLabel('API access').uncheck();
      await free.getByRole('button', { name: 'Save plan' }).click();
      await free.waitFor({ state: 'detached' });
      await user.page.goto('/compare', { waitUntil: 'networkidle' });
      await user.page.getByText('Models (0/2', { exact: false }).waitFor();
      for (const name of ['Offline demo (simulated)', 'Offline demo, concise (simulated)'])
        await user.page.getByRole('checkbox', { name, exact: true }).check();
      await user.page.getByText('The Free plan compares up to 2 models at once.').waitFor();
      expect(await user.page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
        '/pricing',
      );
      // Without API access on the plan, the keys page says so instead of failing on create.
      await user.page.goto('/api-keys', { waitUntil: 'networkidle' });
      await user.page.getByText('The Free plan does not include API access.').waitFor();
      expect(
        await user.page.getByRole('button', { name: 'Create your first key' }).isDisabled(),
      ).toBe(true);
      expect([...admin.errors, ...user.errors]).toEqual([]);
    } finally {
      await admin?.context.close();
      await user?.context.close();
    }
  }, 180_000);
});
