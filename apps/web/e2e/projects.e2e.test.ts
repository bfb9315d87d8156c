import { MESSAGES } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, signIn } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';
import { submitPrompt } from './support/thread';

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

const open = (): Promise<Tab> =>
  openTab(browser, server.url, { viewport: { width: 1280, height: 900 } });

async function send(page: Page, text: string): Promise<string> {
  await submitPrompt(page, text);
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
  await expect
    .poll(() => page.locator('[data-role="assistant"]').last().getAttribute('data-status'), {
      timeout: 40_000,
    })
    .toBe('completed');
  return new URL(page.url()).pathname;
}

/** Creates a project through /project's dialog and answers its page's path. */
async function createProject(page: Page, name: string, instructions?: string): Promise<string> {
  await page.goto('/project', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'New project' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  if (instructions) await dialog.getByLabel('Instructions (optional)').fill(instructions);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/project/'));
  return new URL(page.url()).pathname;
}

describe('projects in the browser', () => {
  it('creates a project with instructions, chats in it, and the upstream request carries them', async () => {
    const email = `projects-${Date.now().toString(36)}@example.com`;
    const password = 'Cobalt harbour 58 sails';
    await registerVerified(server, email, password);
    const t = await open();
    try {
      await signIn(t.page, email, password);
      const projectPath = await createProject(
        t.page,
        'Reef thesis',
        'Answer as a marine biologist. Marker c0ral-42.',
      );
      await t.page.getByRole('heading', { level: 1, name: 'Reef thesis' }).waitFor();

      await t.page.getByRole('button', { name: 'New chat in this project' }).click();
      await t.page.getByTestId('project-chip').filter({ hasText: 'Reef thesis' }).waitFor();
      sim.clearRequests();
      await send(t.page, 'Why do corals bleach? [sim tokens=20]');
      const upstream = sim.requests.find((r) =>
        JSON.stringify(r.body).includes('Why do corals bleach?'),
      );
      const messages =
        (upstream?.body as { messages?: Array<{ role: string; content: unknown }> }).messages ?? [];
      expect(messages[0]?.role).toMatch(/^(system|developer)$/);
      expect(JSON.stringify(messages[0]?.content)).toContain('Marker c0ral-42');

      // The chat shows its project's instructions, folded until asked for.
      const line = t.page.getByTestId('project-instructions');
      await line.getByText('Project instructions').click();
      await line.getByText('Marker c0ral-42').waitFor();

      // The chat's menu takes it out of the project again: the instructions line goes.
      await t.page
        .getByRole('button', { name: /^More actions for / })
        .first()
        .click();
      await t.page.getByRole('menuitem', { name: 'Move to project…' }).click();
      await t.page
        .getByRole('dialog', { name: 'Move to project' })
        .getByRole('button', { name: 'Remove from project' })
        .click();
      await t.page.getByText('Removed from the project').waitFor();
      await expect.poll(() => line.count()).toBe(0);
      await t.page
        .getByRole('button', { name: /^More actions for / })
        .first()
        .click();
      await t.page.getByRole('menuitem', { name: 'Move to project…' }).click();
      await t.page
        .getByRole('dialog', { name: 'Move to project' })
        .getByRole('button', { name: /Reef thesis/ })
        .click();
      await line.waitFor();

      await t.page.goto(projectPath, { waitUntil: 'networkidle' });
      await t.page
        .getByRole('list', { name: 'Chats in this project' })
        .getByRole('link')
        .first()
        .waitFor();
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);

  it('moves a chat into a project by dragging it onto the project in the sidebar', async () => {
    const email = `drag-${Date.now().toString(36)}@example.com`;
    const password = 'Saffron meadow 73 kites';
    await registerVerified(server, email, password);
    const t = await open();
    try {
      await signIn(t.page, email, password);
      const projectPath = await createProject(t.page, 'Garden');

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
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  }, 120_000);

  it('shows visitors the sign-up modal on /project', async () => {
    const t = await open();
    try {
      await t.page.goto('/project', { waitUntil: 'networkidle' });
      await t.page.getByRole('dialog', { name: MESSAGES.signUpModalTitle }).waitFor();
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  });
});
