import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('health-admin');
let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  sim = await startProviderSim({ port: 0, host: '127.0.0.1' });
  // OpenAI answers through provider-sim; Anthropic has a key but nothing listens at its URL.
  const closed = await freePort();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ADMIN_EMAILS: ADMIN,
      OPENAI_API_KEY: 'sk-health-e2e',
      OPENAI_BASE_URL: sim.baseUrls.openai,
      ANTHROPIC_API_KEY: 'sk-ant-health-e2e',
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${closed}/v1`,
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

const picker = (page: Page) => page.getByRole('dialog', { name: 'Choose a model' });

async function signedInTab(email: string): Promise<Tab> {
  const tab = await openTab(browser, server.url);
  await signIn(tab.page, email, PASSWORD);
  await tab.page.getByRole('button', { name: /^Model: \S/ }).waitFor();
  return tab;
}

/** The names of the models the picker offers, read with the picker open. */
async function offered(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Model: \S/ }).click();
  await expect.poll(() => picker(page).getByRole('option').count()).toBeGreaterThan(0);
  const names = await picker(page)
    .getByRole('option')
    .evaluateAll((options) => options.map((o) => o.getAttribute('aria-label') ?? ''));
  await page.keyboard.press('Escape');
  return names;
}

describe('models of a provider the server cannot reach', () => {
  it('leave the user’s picker once the admin’s check finds the provider unreachable; the admin sees why', async () => {
    const email = uniqueEmail('health-user');
    await Promise.all([
      registerVerified(server, email, PASSWORD),
      registerVerified(server, ADMIN, PASSWORD),
    ]);
    let user: Tab | undefined;
    let admin: Tab | undefined;
    try {
      user = await signedInTab(email);
      // Configured and not yet checked: offered like any other.
      expect((await offered(user.page)).some((name) => /Claude/.test(name))).toBe(true);

      admin = await signedInTab(ADMIN);
      await admin.page.goto('/admin/ai-management', { waitUntil: 'networkidle' });
      const anthropic = admin.page.getByRole('region', { name: 'Anthropic', exact: true });
      const openai = admin.page.getByRole('region', { name: 'OpenAI', exact: true });
      await anthropic.getByRole('button', { name: 'Check now' }).click();
      await anthropic
        .getByRole('status')
        .filter({ hasText: 'Unreachable: connection refused · checked just now' })
        .waitFor({ timeout: 20_000 });
      await anthropic.getByText('Unreachable', { exact: true }).waitFor();
      await openai.getByRole('button', { name: 'Check now' }).click();
      await openai.getByText(/^Reachable · checked just now$/).waitFor({ timeout: 20_000 });
      // The registry keeps the models, saying why users do not see them.
      const claude = admin.page
        .getByRole('list', { name: 'Models' })
        .getByRole('listitem')
        .filter({ hasText: 'Claude Sonnet 4.5' });
      await claude.getByText('Unreachable: connection refused').waitFor();

      await user.page.reload({ waitUntil: 'networkidle' });
      await user.page.getByRole('button', { name: /^Model: \S/ }).waitFor();
      const after = await offered(user.page);
      expect(after.some((name) => /Claude/.test(name))).toBe(false);
      expect(after.some((name) => /^GPT-5 mini/.test(name))).toBe(true);
      expect([...user.errors, ...admin.errors]).toEqual([]);
    } finally {
      await user?.context.close();
      await admin?.context.close();
    }
  });
});
