import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { seriousViolations, settled } from './support/accessibility';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const ADMIN = uniqueEmail('tools-admin');
/** The Tools card's pictures: docs/screenshots/admin-tools with SCREENSHOTS=1, else a temp folder. */
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots', 'admin-tools')
    : path.join(tmpdir(), 'parallax-admin-tools-shots');

let browser: Browser;
let server: RunningServer;
/** A SearXNG stand-in: the card only saves its address, so it need not answer. */
let searxng: Server;
let searxngUrl: string;

beforeAll(async () => {
  searxng = createServer((_req, res) => res.writeHead(200).end('{"results":[]}'));
  await new Promise<void>((resolve) => searxng.listen(0, '127.0.0.1', resolve));
  searxngUrl = `http://127.0.0.1:${(searxng.address() as AddressInfo).port}`;
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ADMIN_EMAILS: ADMIN, ALLOW_PRIVATE_PROVIDER_URLS: 'true' }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => searxng?.close(resolve));
});

describe('AI management → Tools', () => {
  it('an admin sets up SearXNG, the loop bounds and a plan, with field errors on the way; on a phone and in the dark too', async () => {
    let t: Tab | undefined;
    try {
      await registerVerified(server, ADMIN, PASSWORD);
      t = await openTab(browser, server.url);
      await signIn(t.page, ADMIN, PASSWORD);
      await t.page.goto('/admin/ai-management', { waitUntil: 'networkidle' });
      const card: Locator = t.page.getByRole('region', { name: 'Web search and reading pages' });
      await card.getByText('Web search off').waitFor();

      await card.getByLabel('Search provider').selectOption('searxng');
      await card.getByLabel('Steps per answer').fill('40');
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByText(/max_steps: must be at most 32/).waitFor();
      await card
        .getByText(/web_search_base_url/)
        .first()
        .waitFor();

      await card.getByLabel('Instance URL').fill(searxngUrl);
      await card.getByLabel('Steps per answer').fill('6');
      await card.getByRole('checkbox', { name: 'Read a web page' }).first().uncheck();
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByText('Web search ready').waitFor();
      await t.page.reload({ waitUntil: 'networkidle' });
      await card.getByText('Web search ready').waitFor();
      expect(await card.getByLabel('Steps per answer').inputValue()).toBe('6');
      expect(await card.getByLabel('Instance URL').inputValue()).toBe(searxngUrl);
      expect(
        await card.getByRole('checkbox', { name: 'Read a web page' }).first().isChecked(),
      ).toBe(false);

      mkdirSync(SHOTS, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await t.page.emulateMedia({ colorScheme: scheme });
        await t.page.setViewportSize({ width: 1280, height: 800 });
        await card.scrollIntoViewIfNeeded();
        await settled(t.page);
        expect(await seriousViolations(t.page), scheme).toEqual([]);
        await card.screenshot({ path: path.join(SHOTS, `desktop-${scheme}.png`) });
        await t.page.setViewportSize({ width: 390, height: 844 });
        await card.scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            t!.page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
          )
          .toBe(0);
        expect(await seriousViolations(t.page), `${scheme} phone`).toEqual([]);
        await card.screenshot({ path: path.join(SHOTS, `phone-${scheme}.png`) });
      }
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t?.context.close();
    }
  }, 120_000);
});
