import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startMcpOAuthServer, type McpOAuthServer } from './support/mcp-oauth-server';
import { settledText } from './support/raw-markdown';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('mcp-admin');
/** Pictures of the MCP screens: docs/screenshots/mcp with SCREENSHOTS=1. */
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots', 'mcp')
    : path.join(tmpdir(), 'parallax-mcp-shots');

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;
let notes: McpOAuthServer;

beforeAll(async () => {
  notes = await startMcpOAuthServer();
  sim = await startProviderSim({ port: 0 });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ADMIN_EMAILS: ADMIN,
      // The MCP stand-in listens on loopback, as an admin's in-house server may.
      ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${sim.url}/v1`,
    }),
  ]);
  await registerVerified(server, ADMIN, PASSWORD);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
  await notes?.close();
});

/** Pictures of the page as it stands: desktop and phone, light and dark, none scrolling sideways. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 375, height: 740 }],
    ] as const) {
      await page.setViewportSize(viewport);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} ${size} ${scheme}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function pickModel(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Model: / }).click();
  await page
    .getByRole('option', { name: new RegExp(`^${name},`) })
    .first()
    .click();
  await expect
    .poll(() => page.getByRole('button', { name: /^Model: / }).innerText())
    .toContain(name);
}

describe('MCP servers', () => {
  it('the admin adds an OAuth server in AI management and lets plans add their own', async () => {
    let t: Tab | undefined;
    try {
      t = await openTab(browser, server.url);
      const { page } = t;
      await signIn(page, ADMIN, PASSWORD);
      await page.goto('/admin/ai-management', { waitUntil: 'networkidle' });
      const form = page.getByRole('form', { name: 'Add an MCP server' });
      await form.getByLabel('Name').fill('notes');
      await form.getByLabel('Title').fill('Notes');
      await form.getByLabel('URL').fill(notes.mcpUrl);
      await form.getByLabel('Authentication').selectOption('oauth');
      await form.getByRole('button', { name: 'Add server' }).click();

      const card = page.locator('[data-testid="admin-mcp-server"][data-server="notes"]');
      await card.waitFor({ timeout: 15_000 });
      // Each user signs in with their own account: the admin has not, so the server waits.
      await expect
        .poll(() => card.getByTestId('mcp-health').innerText(), { timeout: 15_000 })
        .toMatch(/Needs sign-in|Not connected yet/);
      await card.getByRole('button', { name: 'Reconnect' }).click();
      await expect
        .poll(() => card.getByRole('button', { name: 'Reconnect' }).isEnabled())
        .toBe(true);

      for (const box of await page
        .getByRole('group', { name: 'Plans whose users may add their own servers' })
        .getByRole('checkbox')
        .all()) {
        if (!(await box.isChecked())) {
          await box.check();
          await expect.poll(() => box.isEnabled()).toBe(true);
        }
      }
      await card.scrollIntoViewIfNeeded();
      expect(t.errors).toEqual([]);
      await shoot(page, 'admin');
    } finally {
      await t?.context.close();
    }
  }, 120_000);

  it('a user signs in through the server’s page, turns it on in a chat, approves a call and sees the row and the answer', async () => {
    const email = uniqueEmail('mcp-user');
    await registerVerified(server, email, PASSWORD);
    let t: Tab | undefined;
    try {
      t = await openTab(browser, server.url);
      const { page } = t;
      await signIn(page, email, PASSWORD);
      await page.goto('/settings#tools', { waitUntil: 'networkidle' });
      const tools = page.getByRole('region', { name: 'Tools' });

      // A user's own server may not be on this machine's network.
      const add = tools.getByRole('form', { name: 'Add a server' });
      await add.getByLabel('Name').fill('mine');
      await add.getByLabel('Server URL').fill(notes.mcpUrl);
      await add.getByRole('button', { name: 'Add server' }).click();
      await expect
        .poll(() => add.getByRole('alert').first().innerText(), { timeout: 15_000 })
        .toMatch(/address|private|not allowed/i);

      const card = tools.locator('[data-testid="mcp-server"][data-server="notes"]');
      await card.waitFor();
      expect(await card.getByTestId('mcp-health').innerText()).toMatch(
        /Needs sign-in|Not connected yet/,
      );
      await card.getByRole('button', { name: 'Sign in' }).click();

      // The server's own sign-in page, then back to Settings signed in.
      await page.waitForURL((url) => url.origin === notes.url);
      expect(await page.title()).toBe('Sign in to Notes');
      await page.getByRole('button', { name: 'Allow access' }).click();
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/settings');
      await page.getByText('Signed in to the tool server').waitFor();
      const signedIn = page.locator('[data-testid="mcp-server"][data-server="notes"]');
      await expect
        .poll(() => signedIn.getByTestId('mcp-health').innerText(), { timeout: 15_000 })
        .toBe('Connected');
      await signedIn.getByText('Saves a short note to your notebook.').waitFor();
      await signedIn.scrollIntoViewIfNeeded();
      await shoot(page, 'settings-tools');

      // A new chat with the server on.
      await page.goto('/', { waitUntil: 'networkidle' });
      await pickModel(page, 'GPT-5 mini');
      await page.getByTestId('mcp-tools-menu').click();
      await page.getByRole('switch', { name: 'Notes' }).click();
      await expect
        .poll(() => page.getByTestId('mcp-tools-menu').getAttribute('aria-label'))
        .toBe('Tools, 1 on');
      await shoot(page, 'tools-menu');
      await page.keyboard.press('Escape');

      await page
        .getByRole('textbox', { name: /message/i })
        .fill('Note this down. [sim call=notes__add_note{"text":"buy milk"}]');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/chats\/[^/]+$/);
      const turn = page.locator('[data-role="assistant"]').last();
      const row = turn.locator('[data-testid="tool-call"][data-tool="notes__add_note"]');

      // The call waits for the owner, showing exactly what it would run with.
      await row.and(page.locator('[data-status="awaiting_approval"]')).waitFor({ timeout: 20_000 });
      expect(await row.getByTestId('tool-approval-arguments').innerText()).toBe(
        '{\n  "text": "buy milk"\n}',
      );
      expect(notes.notes).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await shoot(page, 'approval');
      // Keyboard: the answer is reachable and pressed with Enter.
      await row.getByRole('button', { name: 'Allow', exact: true }).focus();
      await page.keyboard.press('Enter');

      await row.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => turn.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      expect(notes.notes).toEqual(['buy milk']);
      expect(await settledText(page, turn.locator('.markdown').first())).toContain(
        'From the tool results',
      );
      await row.locator('summary').click();
      expect(await row.locator('pre').first().innerText()).toContain('Saved note #1: buy milk');
      expect(t.errors).toEqual([]);
      await shoot(page, 'chat-answer');
    } finally {
      await t?.context.close();
    }
  }, 180_000);
});
