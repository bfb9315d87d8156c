import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/accessibility';
import { registerVerified, signIn } from './support/accounts';
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

const HANDBOOK = [
  '# Security handbook',
  '',
  'Visitors sign in at the front desk and wear a badge at all times.',
  '',
  'The vault combination is 31-17-42 and changes every quarter.',
].join('\n');
const GARDEN = 'The garden is watered at dawn. Roses are pruned in March.';

/** Drops a file on the element as a person dragging it from their desktop would. */
async function dropFile(page: Page, testId: string, name: string, text: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(new File([content ?? ''], fileName ?? 'file.txt', { type: 'text/plain' }));
      return data;
    },
    [name, text],
  );
  const zone = page.getByTestId(testId);
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

describe('project knowledge files in the browser', () => {
  let context: BrowserContext | undefined;
  afterAll(() => context?.close());

  it('adds files to a project, chats in it, and the upstream request carries the instructions and a chunk; the answer shows Sources', async () => {
    const email = `knowledge-${Date.now().toString(36)}@example.com`;
    const password = 'Granite lantern 19 owls';
    await registerVerified(server, email, password);
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, email, password);

    await page.goto('/project', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Office');
    await dialog.getByLabel('Instructions (optional)').fill('Answer briefly. Marker k9-office.');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/project/'));
    const projectPath = new URL(page.url()).pathname;

    // One file through the button's file picker, one dropped on the panel.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add files' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'security-handbook.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(HANDBOOK),
    });
    await dropFile(page, 'knowledge-dropzone', 'garden.txt', GARDEN);
    const files = page.getByRole('list', { name: 'Project files' });
    await files.getByText('security-handbook.md').waitFor();
    await files.getByText('garden.txt').waitFor();
    await expect.poll(() => files.getByText('Ready').count(), { timeout: 20_000 }).toBe(2);
    await page.getByText('2 / 20').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New chat in this project' }).click();
    await page.getByTestId('project-chip').filter({ hasText: 'Office' }).waitFor();
    sim.clearRequests();
    const composer = page.getByLabel('Message', { exact: true });
    await composer.fill('What is the vault combination? [sim tokens=12]');
    await composer.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
    const answer = page.locator('[data-role="assistant"]').last();
    await expect
      .poll(() => answer.getAttribute('data-status'), { timeout: 40_000 })
      .toBe('completed');

    const upstream = sim.requests.find((r) =>
      JSON.stringify(r.body).includes('What is the vault combination?'),
    );
    const messages =
      (upstream?.body as { messages?: Array<{ role: string; content: unknown }> }).messages ?? [];
    expect(messages[0]?.role).toMatch(/^(system|developer)$/);
    const system = JSON.stringify(messages[0]?.content);
    expect(system).toContain('Marker k9-office');
    expect(system).toContain('security-handbook.md');
    expect(system).toContain('The vault combination is 31-17-42');

    const sources = answer.getByRole('list', { name: 'Sources' });
    await sources.getByText('security-handbook.md').waitFor();
    expect(await sources.getByText('garden.txt').count()).toBe(0);

    // History keeps them: after a reload the answer still names its sources.
    await page.reload({ waitUntil: 'networkidle' });
    await page
      .locator('[data-role="assistant"]')
      .last()
      .getByRole('list', { name: 'Sources' })
      .getByText('security-handbook.md')
      .waitFor();

    // Deleting a file asks first, then it leaves the list.
    await page.goto(projectPath, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Delete garden.txt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete file' }).click();
    await expect.poll(() => files.getByText('garden.txt').count()).toBe(0);
    expect(errors, errors.join(' | ')).toEqual([]);
  }, 150_000);
});
