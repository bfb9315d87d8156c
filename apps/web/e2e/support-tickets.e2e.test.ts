import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('support-admin');
const USER = uniqueEmail('support-user');
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ADMIN_EMAILS: ADMIN })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function mailsTo(to: string): { subject: string; text: string }[] {
  const outbox = path.join(server.dataDir, 'dev-outbox.jsonl');
  if (!existsSync(outbox)) return [];
  return readFileSync(outbox, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
}

describe('support tickets', () => {
  it('a user reports an error screen, an admin replies, the user reads it and is mailed', async () => {
    let user: Tab | undefined;
    let admin: Tab | undefined;
    try {
      await registerVerified(server, ADMIN, PASSWORD, 'Sam Support');
      await registerVerified(server, USER, PASSWORD, 'Ada Lovelace');
      user = await openTab(browser, server.url);
      await signIn(user.page, USER, PASSWORD);
      // The workspace screens' chunk cannot load: /prompt-templates shows its error screen.
      await user.page.route(/\/assets\/workspace-[^/]*\.js$/, (route) => route.abort());
      await user.page.goto('/prompt-templates');
      const errorScreen = user.page.getByRole('alert').filter({ hasText: 'Error ID' });
      await errorScreen.waitFor();
      const errorId = (await errorScreen.locator('code').innerText()).trim();
      expect(errorId).toMatch(/^err_/);
      await errorScreen.getByRole('link', { name: 'Report this' }).click();
      await user.page.waitForURL((url) => url.pathname === '/support');

      const form = user.page.getByRole('form', { name: 'New ticket' });
      await expect.poll(() => form.getByLabel('Error ID (optional)').inputValue()).toBe(errorId);
      await expect.poll(() => form.getByLabel('Category').inputValue()).toBe('bug');
      await form.getByRole('button', { name: 'Send ticket' }).click();
      await form.getByText('Enter a subject.').waitFor();
      await form.getByLabel('Subject').fill('Prompt templates do not open');
      await form.getByLabel('Message').fill('The page shows an **error** every time.');
      await form.getByRole('button', { name: 'Send ticket' }).click();
      const thread = user.page.getByRole('region', { name: 'Prompt templates do not open' });
      await thread.getByText('every time.').waitFor();
      await thread.getByText(errorId).waitFor();
      // Rendered as markdown, not as raw asterisks.
      expect(await thread.locator('strong', { hasText: 'error' }).count()).toBe(1);
      await expect
        .poll(() => mailsTo(ADMIN).some((m) => m.subject.includes('Prompt templates do not open')))
        .toBe(true);

      admin = await openTab(browser, server.url);
      await signIn(admin.page, ADMIN, PASSWORD);
      await admin.page.goto('/admin/support', { waitUntil: 'networkidle' });
      await admin.page
        .getByRole('list', { name: 'Tickets' })
        .getByRole('button', { name: /Prompt templates do not open/ })
        .click();
      const inboxThread = admin.page.getByRole('region', { name: 'Prompt templates do not open' });
      await admin.page
        .getByRole('complementary', { name: 'About the user' })
        .getByText(USER)
        .waitFor();
      // A note first: the user must never see it.
      await admin.page.getByRole('checkbox', { name: 'Internal note' }).check();
      await admin.page.getByLabel('Internal note (only admins see it)').fill('Chunk 404 on CDN?');
      await admin.page.getByRole('button', { name: 'Add note' }).click();
      await inboxThread.getByText('Chunk 404 on CDN?').waitFor();
      await admin.page.getByRole('checkbox', { name: 'Internal note' }).uncheck();
      await admin.page.getByLabel('Reply to the user').fill('Fixed it: please reload the page.');
      await admin.page.getByRole('button', { name: 'Send reply' }).click();
      await inboxThread.getByText('Waiting on user').waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await admin.page.emulateMedia({ colorScheme });
        await settled(admin.page);
        expect(await seriousViolations(admin.page), colorScheme).toEqual([]);
      }

      await expect
        .poll(() => mailsTo(USER).filter((m) => m.subject.startsWith('Support replied')).length)
        .toBe(1);

      await user.page.unroute(/\/assets\/workspace-[^/]*\.js$/);
      await user.page.goto('/support', { waitUntil: 'networkidle' });
      const row = user.page
        .getByRole('list', { name: 'Your tickets' })
        .getByRole('button', { name: /Prompt templates do not open/ });
      await row.getByText('(new reply)').waitFor({ state: 'attached' });
      await row.getByText('Waiting on you').waitFor();
      await row.click();
      await thread.getByText('Fixed it: please reload the page.').waitFor();
      expect(await user.page.getByText('Chunk 404 on CDN?').count()).toBe(0);
      for (const colorScheme of ['light', 'dark'] as const) {
        await user.page.emulateMedia({ colorScheme });
        await settled(user.page);
        expect(await seriousViolations(user.page), colorScheme).toEqual([]);
      }
      await user.page.getByLabel('Reply').fill('Works now, thanks!');
      await user.page.getByRole('button', { name: 'Send reply' }).click();
      await thread.getByText('Works now, thanks!').waitFor();
      await thread.getByText('Open', { exact: true }).waitFor();
    } finally {
      await user?.context.close();
      await admin?.context.close();
    }
  });
});
