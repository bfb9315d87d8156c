import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('console-admin');
let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  sim = await startProviderSim({ port: 0, host: '127.0.0.1' });
  // No provider key in the env: the admin configures OpenAI through the console.
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ADMIN_EMAILS: ADMIN, ALLOW_PRIVATE_PROVIDER_URLS: 'true' }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settled(page);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const lastAssistant = (page: Page) => page.locator('[data-role="assistant"]').last();

describe('admin console', () => {
  it('an admin configures OpenAI and adds a model in the UI; a user chats with it without a restart; the usage shows it', async () => {
    let admin: Tab | undefined;
    let user: Tab | undefined;
    try {
      await registerVerified(server, ADMIN, PASSWORD);
      admin = await openTab(browser, server.url);
      await signIn(admin.page, ADMIN, PASSWORD);
      await admin.page.goto('/admin', { waitUntil: 'networkidle' });
      await admin.page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
      await admin.page.getByText('Messages today').waitFor();
      await expectAccessible(admin.page);

      await admin.page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'AI management' })
        .click();
      const openai = admin.page.getByRole('region', { name: 'OpenAI', exact: true });
      await openai.getByText('OPENAI_API_KEY is not set').waitFor();
      await openai.getByLabel('API key').fill('sk-console-key-9876');
      await openai.getByLabel('Base URL').fill(`${sim.url}/v1`);
      await openai.getByRole('button', { name: 'Save' }).click();
      await openai.getByText('Ready').waitFor();
      await expect
        .poll(() => openai.getByLabel('API key').getAttribute('placeholder'))
        .toContain('9876');
      await openai.getByRole('button', { name: 'Test connection' }).click();
      await openai.getByText(/Connected in \d+ ms/).waitFor({ timeout: 20_000 });

      const form = admin.page.getByRole('form', { name: 'Add a model' });
      await form.getByLabel('Id (used in sends)').fill('sim-console');
      await form.getByLabel('Provider model id').fill('sim-console-model');
      await form.getByLabel('Friendly name').fill('Console sim');
      await form.getByRole('button', { name: 'Add model' }).click();
      const models = admin.page.getByRole('list', { name: 'Models' });
      await models.getByText('Console sim').waitFor();
      await models
        .getByRole('listitem')
        .filter({ hasText: 'Console sim' })
        .getByRole('button', { name: 'Make default' })
        .click();
      await models
        .getByRole('listitem')
        .filter({ hasText: 'Console sim' })
        .getByText('Default')
        .waitFor();
      await expectAccessible(admin.page);

      // A visitor-turned-user picks the new model and chats; the running server answers with it.
      const userEmail = uniqueEmail('console-user');
      await registerVerified(server, userEmail, PASSWORD);
      user = await openTab(browser, server.url);
      await signIn(user.page, userEmail, PASSWORD);
      await user.page.goto('/', { waitUntil: 'networkidle' });
      await user.page.getByRole('button', { name: /^Model: / }).click();
      await user.page.getByRole('option', { name: /Console sim/ }).click();
      await composer(user.page).fill('Hello from the console test [sim tokens=12]');
      await composer(user.page).press('Enter');
      await user.page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
      await expect
        .poll(() => lastAssistant(user!.page).getAttribute('data-status'), { timeout: 40_000 })
        .toBe('completed');
      expect(
        sim.requests.filter(
          (r) =>
            r.model === 'sim-console-model' &&
            JSON.stringify(r.body).includes('Hello from the console test'),
        ),
      ).toHaveLength(1);

      await admin.page.reload({ waitUntil: 'networkidle' });
      await admin.page.getByRole('cell', { name: 'openai · sim-console' }).waitFor();
      await admin.page
        .getByRole('img', { name: 'Chat messages and API calls per model per day' })
        .waitFor();

      // Disabling the user signs them out: their next call is refused and they land on /login.
      await admin.page.goto('/admin/users', { waitUntil: 'networkidle' });
      await admin.page.getByLabel('Search by email').fill(userEmail);
      const row = admin.page
        .getByRole('list', { name: 'Users' })
        .getByRole('listitem')
        .filter({ hasText: userEmail });
      await row.getByRole('button', { name: 'Disable' }).click();
      await admin.page
        .getByRole('dialog', { name: 'Disable this user?' })
        .getByRole('button', { name: 'Disable user' })
        .click();
      await row.getByText('Disabled').waitFor();
      await expectAccessible(admin.page);

      await user.page.goto('/profile', { waitUntil: 'networkidle' });
      await user.page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });

      await admin.page.goto('/admin/audit', { waitUntil: 'networkidle' });
      await admin.page.getByText('user.disable').waitFor();
      await admin.page.getByText('provider.key_rotated').waitFor();
      expect(await admin.page.content()).not.toContain('sk-console-key-9876');
      await expectAccessible(admin.page);
      expect(admin.errors, admin.errors.join(' | ')).toEqual([]);
    } finally {
      await admin?.context.close();
      await user?.context.close();
    }
  }, 240_000);
});
