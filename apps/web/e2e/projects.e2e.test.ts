import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  server = await startServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${sim.url}/v1` });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sim?.close();
  await browser?.close();
});

interface Tab {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

async function open(): Promise<Tab> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, context, errors };
}

/** An account registered and verified through the API (code from the server's dev outbox). */
async function registerVerified(email: string, password: string): Promise<void> {
  const post = (url: string, body: object) =>
    fetch(`${server.url}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/auth/register', { email, password, name: 'Project Tester' })).ok).toBe(true);
  const outbox = path.join(server.dataDir, 'dev-outbox.jsonl');
  await expect
    .poll(() => existsSync(outbox) && readFileSync(outbox, 'utf8').includes(email), { timeout: 15_000 })
    .toBe(true);
  const mail = readFileSync(outbox, 'utf8')
    .split('\n')
    .filter((line) => line.includes(email))
    .at(-1);
  const code = /verification code is: (\d{6})/.exec(mail ?? '')?.[1];
  expect((await post('/auth/verify-code', { email, code })).ok).toBe(true);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

const composer = (page: Page) => page.getByLabel('Message', { exact: true });

async function send(page: Page, text: string): Promise<string> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
  await expect
    .poll(() => page.locator('[data-role="assistant"]').last().getAttribute('data-status'), { timeout: 40_000 })
    .toBe('completed');
  return new URL(page.url()).pathname;
}

describe('projects in the browser', () => {
  it('creates a project with instructions, chats in it, and the upstream request carries them', async () => {
    const email = `projects-${Date.now().toString(36)}@example.com`;
    const password = 'Cobalt harbour 58 sails';
    await registerVerified(email, password);
    const t = await open();
    try {
      await signIn(t.page, email, password);
      await t.page.goto('/project', { waitUntil: 'networkidle' });
      await t.page.getByRole('button', { name: 'New project' }).first().click();
      const dialog = t.page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Reef thesis');
      await dialog.getByLabel('Instructions (optional)').fill('Answer as a marine biologist. Marker c0ral-42.');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await t.page.waitForURL((url) => url.pathname.startsWith('/project/'));
      const projectPath = new URL(t.page.url()).pathname;
      await t.page.getByRole('heading', { level: 1, name: 'Reef thesis' }).waitFor();

      await t.page.getByRole('button', { name: 'New chat in this project' }).click();
      await t.page.getByTestId('project-chip').filter({ hasText: 'Reef thesis' }).waitFor();
      sim.clearRequests();
      await send(t.page, 'Why do corals bleach? [sim tokens=20]');
      const upstream = sim.requests.find((r) => JSON.stringify(r.body).includes('Why do corals bleach?'));
      const messages = (upstream?.body as { messages?: Array<{ role: string; content: unknown }> }).messages ?? [];
      expect(messages[0]?.role).toMatch(/^(system|developer)$/);
      expect(JSON.stringify(messages[0]?.content)).toContain('Marker c0ral-42');

      // The chat shows its project's instructions, folded until asked for.
      const line = t.page.getByTestId('project-instructions');
      await line.getByText('Project instructions').click();
      await line.getByText('Marker c0ral-42').waitFor();

      await t.page.goto(projectPath, { waitUntil: 'networkidle' });
      await t.page.getByRole('list', { name: 'Chats in this project' }).getByRole('link').first().waitFor();
      expect(t.errors).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);

  it('moves a chat into a project by dragging it onto the project in the sidebar', async () => {
    const email = `drag-${Date.now().toString(36)}@example.com`;
    const password = 'Saffron meadow 73 kites';
    await registerVerified(email, password);
    const t = await open();
    try {
      await signIn(t.page, email, password);
      await t.page.goto('/project', { waitUntil: 'networkidle' });
      await t.page.getByRole('button', { name: 'New project' }).first().click();
      await t.page.getByRole('dialog').getByLabel('Name').fill('Garden');
      await t.page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click();
      await t.page.waitForURL((url) => url.pathname.startsWith('/project/'));
      const projectPath = new URL(t.page.url()).pathname;

      await t.page.goto('/', { waitUntil: 'networkidle' });
      await send(t.page, 'Which herbs grow on a windowsill? [sim tokens=20]');
      const chat = t.page.getByTestId('recent-chat').first();
      await chat.waitFor();
      await chat.dragTo(t.page.getByTestId('sidebar-project').filter({ hasText: 'Garden' }));
      await t.page.getByText('Moved to Garden').waitFor();

      await t.page.goto(projectPath, { waitUntil: 'networkidle' });
      await t.page
        .getByRole('list', { name: 'Chats in this project' })
        .getByRole('link', { name: /herbs/i })
        .waitFor();
      expect(t.errors).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);

  it('shows visitors the sign-up modal on /project', async () => {
    const t = await open();
    try {
      await t.page.goto('/project', { waitUntil: 'networkidle' });
      await t.page.getByRole('dialog', { name: MESSAGES.signUpModalTitle }).waitFor();
      expect(t.errors).toEqual([]);
    } finally {
      await t.context.close();
    }
  });
});
