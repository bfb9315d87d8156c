import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settled } from './support/accessibility';
import { registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;
const adminEmail = uniqueEmail('curator');
const PASSWORD = 'Amber lantern 73 rivers';

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  server = await startServer({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: `${sim.url}/v1`,
    ADMIN_EMAILS: adminEmail,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sim?.close();
  await browser?.close();
});

const open = (): Promise<Tab> =>
  openTab(browser, server.url, { viewport: { width: 1280, height: 900 } });

async function signedInTab(email: string): Promise<Tab> {
  await registerVerified(server, email, PASSWORD);
  const t = await open();
  await signIn(t.page, email, PASSWORD);
  return t;
}

async function fillEditor(page: Page, title: string, body: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Prompt').fill(body);
}

describe('prompt templates in the browser', () => {
  it('creates a template with a choice variable, uses it through "/", and the sent message carries the filled text', async () => {
    const t = await signedInTab(uniqueEmail('templates'));
    const { page } = t;
    try {
      await page.goto('/prompt-templates', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'New template' }).click();
      await fillEditor(
        page,
        'Launch note',
        'Write to {{person}} in a {{tone:choice=formal|casual|playful;default=casual}} tone about {{topic}}. [sim tokens=8]',
      );
      const dialog = page.getByRole('dialog');
      // The variables show as they are typed.
      await dialog.getByText('Variables found: 3').waitFor();
      await expect
        .poll(() => dialog.getByRole('list', { name: 'Variables found' }).innerText())
        .toContain('tone');
      await settled(page);
      expect(await seriousViolations(page), 'editor').toEqual([]);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('tab', { name: 'My templates', selected: true }).waitFor();
      await page.getByRole('article', { name: 'Launch note' }).waitFor();

      await page.goto('/', { waitUntil: 'networkidle' });
      const box = page.getByLabel('Message', { exact: true });
      await box.click();
      await box.pressSequentially('/launch');
      const option = page.getByRole('option', { name: /Launch note/ });
      await option.waitFor();
      expect(await option.getAttribute('aria-selected')).toBe('true');
      await box.press('Enter');

      const form = page.getByRole('dialog', { name: 'Use “Launch note”' });
      await form.waitFor();
      // Required fields are checked before anything is sent.
      await form.getByRole('button', { name: 'Send now' }).click();
      await form.getByText('person is required.').waitFor();
      await form.getByLabel('person').fill('Grace');
      await form.getByLabel('topic').fill('the spring launch');
      await form.getByLabel('tone').selectOption('playful');
      await expect
        .poll(() => form.getByTestId('template-preview').innerText())
        .toContain('Write to Grace in a playful tone about the spring launch.');
      await settled(page);
      expect(await seriousViolations(page), 'fill-in form').toEqual([]);
      sim.clearRequests();
      await form.getByRole('button', { name: 'Send now' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
      await expect
        .poll(() => JSON.stringify(sim.requests.map((r) => r.body)), { timeout: 20_000 })
        .toContain('Write to Grace in a playful tone about the spring launch.');

      // The use was counted.
      await page.goto('/prompt-templates?tab=mine', { waitUntil: 'networkidle' });
      const card = page.getByRole('article', { name: 'Launch note' });
      await card.getByText('used once').waitFor();

      // "Use" on the page fills a new chat's box instead of sending.
      await card.getByRole('button', { name: 'Use Launch note' }).click();
      const again = page.getByRole('dialog', { name: 'Use “Launch note”' });
      await again.getByLabel('person').fill('Alan');
      await again.getByLabel('topic').fill('the budget');
      await again.getByRole('button', { name: 'Put in new chat' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(() => page.getByLabel('Message', { exact: true }).inputValue())
        .toBe('Write to Alan in a casual tone about the budget. [sim tokens=8]');
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  });

  it('an admin publishes a library template; another user sees it and copies it', async () => {
    const admin = await signedInTab(adminEmail);
    try {
      const { page } = admin;
      await page.goto('/admin/prompt-templates', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'New library template' }).click();
      await fillEditor(page, 'Release notes digest', 'Summarise {{notes:long}} for customers.');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Publish Release notes digest' }).click();
      await page.getByRole('button', { name: 'Unpublish Release notes digest' }).waitFor();
      await settled(page);
      expect(await seriousViolations(page), 'admin page').toEqual([]);
      expect(admin.errors, admin.errors.join(' | ')).toEqual([]);
    } finally {
      await admin.context.close();
    }

    const reader = await signedInTab(uniqueEmail('reader'));
    try {
      const { page } = reader;
      await page.goto('/prompt-templates', { waitUntil: 'networkidle' });
      await page.getByLabel('Search templates').fill('release notes');
      const card = page.getByRole('article', { name: 'Release notes digest' });
      await card.waitFor();
      await card.getByRole('button', { name: 'Copy to mine: Release notes digest' }).click();
      await page.getByText('“Release notes digest” is now in My templates').waitFor();
      await page.getByRole('tab', { name: 'My templates' }).click();
      const mine = page.getByRole('article', { name: 'Release notes digest' });
      await mine.getByRole('button', { name: 'Edit Release notes digest' }).waitFor();
      expect(reader.errors, reader.errors.join(' | ')).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });

  it('opens a new template prefilled from the generator\'s "Save as template" state', async () => {
    const t = await signedInTab(uniqueEmail('draft'));
    const { page } = t;
    try {
      await page.goto('/prompt-templates', { waitUntil: 'networkidle' });
      // What navigate('/prompt-templates', { state: { templateDraft } }) leaves in history.
      await page.evaluate(() => {
        const state = {
          usr: { templateDraft: { title: 'Generated prompt', body: 'Explain {{topic:long}}.' } },
          key: 'draft',
          idx: 1,
        };
        window.history.pushState(state, '', '/prompt-templates');
        window.dispatchEvent(new PopStateEvent('popstate', { state }));
      });
      const dialog = page.getByRole('dialog', { name: 'New template' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Title').inputValue()).toBe('Generated prompt');
      await dialog.getByText('Variables found: 1').waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('article', { name: 'Generated prompt' }).waitFor();
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  });
});
