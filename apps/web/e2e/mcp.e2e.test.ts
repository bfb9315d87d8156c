import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail, apiToken } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { shootEveryLook } from './support/screenshots';
import { pickModel, submitPrompt } from './support/thread';
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
/** The notes server's key, which the admin gives it (bearer): no one signs in. */
const NOTES_TOKEN = 'notes-key-4242';

beforeAll(async () => {
  notes = await startMcpOAuthServer({ staticToken: NOTES_TOKEN });
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
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
  await notes?.close();
});

const shoot = (page: Page, name: string, focus?: Locator) =>
  shootEveryLook(page, SHOTS, name, focus);

/**
 * oidc-provider's development pages (any login and password, then consent), in the browser.
 * Their stylesheet imports a web font this machine cannot fetch: refused at once, not waited on.
 */
async function signInOnAuthorizationServer(t: Tab, login: string): Promise<void> {
  const { page } = t;
  await page.waitForURL((url) => url.origin === notes.url);
  expect(await page.title()).toBe('Sign-in');
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const refuseWebFonts = (t: Tab) =>
  t.context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());

/** The admin's API token, for the setup a test does not look at. */
const adminToken = (): Promise<string> => apiToken(server, ADMIN);

/** Sends `text` as a new chat's first message; the answer's turn once the chat has its address. */
async function sendFirstMessage(page: Page, text: string): Promise<Locator> {
  await page.getByRole('textbox', { name: /message/i }).fill(text);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/chats\/[^/]+$/);
  return page.locator('[data-role="assistant"]').last();
}

/** Waits for the turn's call of `tool` to ask for approval, showing exactly `args`; its row. */
async function approvalAsked(turn: Locator, tool: string, args: string): Promise<Locator> {
  const row = turn.locator(`[data-testid="tool-call"][data-tool="${tool}"]`);
  await turn
    .locator('[data-testid="tool-call"][data-status="awaiting_approval"]')
    .waitFor({ timeout: 20_000 });
  expect(await row.getByTestId('tool-approval-arguments').innerText()).toBe(args);
  return row;
}

describe('MCP servers', () => {
  it('the admin adds a server with a bearer token in AI management, and lets plans add their own', async () => {
    await registerVerified(server, ADMIN, PASSWORD);
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
      await form.getByLabel('Authentication').selectOption('bearer');
      await form.getByLabel('Token').fill(NOTES_TOKEN);
      await form.getByRole('button', { name: 'Add server' }).click();

      const card = page.locator('[data-testid="admin-mcp-server"][data-server="notes"]');
      await card.waitFor({ timeout: 15_000 });
      // The token is write-only: only its last 4 are shown.
      expect(await card.innerText()).toContain('4242');
      expect(await card.innerText()).not.toContain(NOTES_TOKEN);
      await card.getByRole('button', { name: 'Reconnect' }).click();
      await expect
        .poll(() => card.getByTestId('mcp-health').innerText(), { timeout: 15_000 })
        .toBe('Connected');
      await card.getByText('Tools and approval (1)').click();
      expect(await card.getByTestId('admin-mcp-tool').innerText()).toContain(
        'Saves a short note to your notebook.',
      );

      const plans = page.getByRole('group', {
        name: 'Plans whose users may add their own servers',
      });
      for (const box of await plans.getByRole('checkbox').all()) {
        if (await box.isChecked()) continue;
        await box.check();
        await expect.poll(() => box.isEnabled()).toBe(true);
      }
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
      await shoot(page, 'admin', card);
    } finally {
      await t?.context.close();
    }
  }, 120_000);

  it('a user turns the server on in a chat, approves the call from the keyboard and sees the row, the result and the answer', async () => {
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
      await add.getByLabel('Server URL').fill(notes.mcpUrl.replace('http:', 'https:'));
      await add.getByRole('button', { name: 'Add server' }).click();
      await expect
        .poll(() => add.getByRole('alert').first().innerText(), { timeout: 15_000 })
        .toMatch(/address|private|not allowed/i);
      expect(await tools.locator('[data-testid="mcp-server"][data-server="mine"]').count()).toBe(0);

      const card = tools.locator('[data-testid="mcp-server"][data-server="notes"]');
      await card.getByText('Saves a short note to your notebook.').waitFor();
      await shoot(page, 'settings-tools', card);

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

      const turn = await sendFirstMessage(
        page,
        'Note this down. [sim call=notes__add_note{"text":"buy milk"}]',
      );
      // The call waits for the owner, showing exactly what it would run with.
      const row = await approvalAsked(turn, 'notes__add_note', '{\n  "text": "buy milk"\n}');
      expect(notes.notes).toEqual([]);
      await shoot(page, 'approval', row);
      await row.getByRole('button', { name: 'Allow', exact: true }).focus();
      await page.keyboard.press('Enter');

      await turn
        .locator('[data-testid="tool-call"][data-status="completed"]')
        .waitFor({ timeout: 20_000 });
      await expect
        .poll(() => turn.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      expect(notes.notes).toEqual(['buy milk']);
      expect(await settledText(page, turn.locator('.markdown').first())).toContain(
        'From the tool results',
      );
      await row.locator('summary').click();
      expect(await row.locator('pre').first().innerText()).toContain('Saved note #1: buy milk');

      // Deny: the call does not run and its row says so; Always allow: this call and the next run.
      const answers = page.locator('[data-role="assistant"]');
      const send = async (text: string) => {
        const before = await answers.count();
        await submitPrompt(page, text);
        const next = answers.nth(before);
        await next.locator('[data-testid="tool-call"]').first().waitFor({ timeout: 20_000 });
        return next;
      };
      const denied = await send('And this. [sim call=notes__add_note{"text":"sell car"}]');
      await denied.getByRole('button', { name: 'Deny' }).click();
      await denied
        .locator('[data-testid="tool-call"][data-status="denied"]')
        .waitFor({ timeout: 20_000 });
      await expect
        .poll(() => denied.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      const always = await send('Then this. [sim call=notes__add_note{"text":"call mum"}]');
      await always.getByRole('button', { name: 'Always allow' }).click();
      await always
        .locator('[data-testid="tool-call"][data-status="completed"]')
        .waitFor({ timeout: 20_000 });
      await expect
        .poll(() => always.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      const asked = await send('Last one. [sim call=notes__add_note{"text":"water plants"}]');
      await asked
        .locator('[data-testid="tool-call"][data-status="completed"]')
        .waitFor({ timeout: 20_000 });
      expect(await asked.getByTestId('tool-approval').count()).toBe(0);
      expect(notes.notes).toEqual(['buy milk', 'call mum', 'water plants']);

      // The chat keeps its choice.
      await page.reload({ waitUntil: 'networkidle' });
      await expect
        .poll(() => page.getByTestId('mcp-tools-menu').getAttribute('aria-label'))
        .toBe('Tools, 1 on');
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
      await shoot(page, 'chat-answer');
    } finally {
      await t?.context.close();
    }
  }, 180_000);

  it('a user signs in through an OAuth server’s own page, uses it in a chat with their own account, and signs out', async () => {
    const token = await adminToken();
    const created = await fetch(`${server.url}/api/v1/admin/mcp/servers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'crm',
        title: 'CRM',
        url: notes.mcpUrl,
        auth: { kind: 'oauth' },
      }),
    });
    expect(created.status, await created.text()).toBe(201);
    const email = uniqueEmail('mcp-oauth');
    await registerVerified(server, email, PASSWORD);
    let t: Tab | undefined;
    try {
      t = await openTab(browser, server.url);
      await refuseWebFonts(t);
      const { page } = t;
      await signIn(page, email, PASSWORD);
      await page.goto('/settings#tools', { waitUntil: 'networkidle' });
      const card = page.locator('[data-testid="mcp-server"][data-server="crm"]');
      await card.waitFor();
      await card.getByRole('button', { name: 'Sign in' }).click();

      await signInOnAuthorizationServer(t, 'bob');
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/settings');
      await page.getByText('Signed in to the tool server').waitFor();
      await expect
        .poll(() => card.getByTestId('mcp-health').innerText(), { timeout: 15_000 })
        .toBe('Connected');
      expect(await card.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
      await shoot(page, 'settings-oauth', card);

      // A turn with the user's own sign-in.
      await page.goto('/', { waitUntil: 'networkidle' });
      await pickModel(page, 'GPT-5 mini');
      await page.getByTestId('mcp-tools-menu').click();
      await page.getByRole('switch', { name: 'CRM' }).click();
      await page.keyboard.press('Escape');
      const turn = await sendFirstMessage(
        page,
        'Remember Bob. [sim call=crm__add_note{"text":"ring Bob"}]',
      );
      await turn.getByRole('button', { name: 'Allow', exact: true }).click();
      await turn
        .locator('[data-testid="tool-call"][data-tool="crm__add_note"][data-status="completed"]')
        .waitFor({ timeout: 20_000 });
      await expect
        .poll(() => turn.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      expect(notes.notes).toContain('ring Bob');

      await page.goto('/settings#tools', { waitUntil: 'networkidle' });
      await card.getByRole('button', { name: 'Sign out' }).click();
      await card.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t?.context.close();
    }
  }, 120_000);

  it('with the admin’s allowance, a user adds an OAuth server on this machine, signs in on its page, approves a call and sees the row and the answer', async () => {
    let admin: Tab | undefined;
    try {
      admin = await openTab(browser, server.url);
      const { page } = admin;
      await signIn(page, ADMIN, PASSWORD);
      await page.goto('/admin/ai-management', { waitUntil: 'networkidle' });
      const allowance = page.getByRole('switch', {
        name: 'Users’ servers may use private addresses',
      });
      expect(await allowance.getAttribute('aria-checked')).toBe('false');
      await allowance.click();
      await expect.poll(() => allowance.getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => allowance.isEnabled()).toBe(true);
      await shoot(page, 'admin-allowance', allowance.locator('xpath=ancestor::div[2]'));
    } finally {
      await admin?.context.close();
    }

    const email = uniqueEmail('mcp-own-oauth');
    await registerVerified(server, email, PASSWORD);
    let t: Tab | undefined;
    try {
      t = await openTab(browser, server.url);
      await refuseWebFonts(t);
      const { page } = t;
      await signIn(page, email, PASSWORD);
      await page.goto('/settings#tools', { waitUntil: 'networkidle' });
      const tools = page.getByRole('region', { name: 'Tools' });
      const add = tools.getByRole('form', { name: 'Add a server' });
      await add.getByLabel('Name').fill('mynotes');
      await add.getByLabel('Server URL').fill(notes.mcpUrl);
      await add.getByLabel('Sign in with the server (OAuth)').check();
      await add.getByRole('button', { name: 'Add server' }).click();
      const card = tools.locator('[data-testid="mcp-server"][data-server="mynotes"]');
      await card.getByRole('button', { name: 'Sign in' }).click({ timeout: 15_000 });

      await signInOnAuthorizationServer(t, 'carol');
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/settings');
      await page.getByText('Signed in to the tool server').waitFor();
      await expect
        .poll(() => card.getByTestId('mcp-health').innerText(), { timeout: 15_000 })
        .toBe('Connected');
      await card.getByText('Saves a short note to your notebook.').waitFor();
      await shoot(page, 'settings-tools-own-oauth', card);

      await page.goto('/', { waitUntil: 'networkidle' });
      await pickModel(page, 'GPT-5 mini');
      await page.getByTestId('mcp-tools-menu').click();
      await page.getByRole('switch', { name: 'mynotes' }).click();
      await expect
        .poll(() => page.getByTestId('mcp-tools-menu').getAttribute('aria-label'))
        .toBe('Tools, 1 on');

      // Its prompt goes into the message box filled in; its resource as framed, untrusted context.
      const extras = page
        .locator('[data-testid="mcp-menu-server"][data-server="mynotes"]')
        .getByTestId('mcp-menu-extras');
      await extras.getByText('Prompts and resources (2)').click();
      await extras.getByRole('button', { name: 'Insert Packing list' }).click();
      await extras.getByRole('textbox', { name: 'place' }).fill('Iceland');
      await shoot(page, 'tools-menu-prompts');
      await extras.getByRole('button', { name: 'Insert into message' }).click();
      const box = page.getByRole('textbox', { name: /message/i });
      await expect.poll(() => box.inputValue()).toBe('Write a packing list for Iceland.');
      await page.getByTestId('mcp-tools-menu').click();
      await extras.getByText('Prompts and resources (2)').click();
      await extras.getByRole('button', { name: 'Attach Notebook' }).click();
      await expect.poll(() => box.inputValue()).toContain('<mcp_resource>');
      expect(await box.inputValue()).toContain('untrusted data from that server');
      const turn = await sendFirstMessage(
        page,
        'Pack for the trip. [sim call=mynotes__add_note{"text":"pack the tent"}]',
      );
      const row = await approvalAsked(turn, 'mynotes__add_note', '{\n  "text": "pack the tent"\n}');
      expect(notes.notes).not.toContain('pack the tent');
      await shoot(page, 'approval-own-oauth', row);
      await row.getByRole('button', { name: 'Allow', exact: true }).click();
      await turn
        .locator(
          '[data-testid="tool-call"][data-tool="mynotes__add_note"][data-status="completed"]',
        )
        .waitFor({ timeout: 20_000 });
      await expect
        .poll(() => turn.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      expect(notes.notes).toContain('pack the tent');
      expect(await settledText(page, turn.locator('.markdown').first())).toContain(
        'From the tool results',
      );
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t?.context.close();
    }
  }, 180_000);
});
