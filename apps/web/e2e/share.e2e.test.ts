import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { pickModel } from './support/thread';
import { startServer, type RunningServer } from './support/server-process';

/** Pictures of the shared page: docs/screenshots/share with SCREENSHOTS=1. */
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots', 'share')
    : path.join(tmpdir(), 'parallax-share-shots');

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  sim = await startProviderSim({ port: 0 });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${sim.url}/v1` }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

describe('Share a chat by link', () => {
  it('shares a chat with maths and code; a visitor reads it without a session and continues it', async () => {
    const email = uniqueEmail('sharer');
    await registerVerified(server, email, PASSWORD);
    let owner: Tab | undefined;
    let visitor: Tab | undefined;
    try {
      owner = await openTab(browser, server.url);
      const { page } = owner;
      await signIn(page, email, PASSWORD);
      await pickModel(page, 'GPT-5 mini');
      await page
        .getByRole('textbox', { name: /message/i })
        .fill('Why is $a^2 + b^2 = c^2$ true? Show `code` too [sim tokens=420]');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/chats\/[^/]+$/);
      const turn = page.locator('[data-role="assistant"]').last();
      await expect
        .poll(() => turn.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');

      await page
        .getByRole('button', { name: /^More actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Share…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share this chat' });
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const field = dialog.getByRole('textbox', { name: 'Share link' });
      await field.waitFor();
      const link = await field.inputValue();
      expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
      expect(owner.errors, owner.errors.join(' | ')).toEqual([]);

      // A fresh context: no session, no visitor id, nothing of the owner's.
      visitor = await openTab(browser, server.url);
      const shared = visitor.page;
      const scripts: string[] = [];
      shared.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      const res = await shared.goto(new URL(link).pathname, { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(200);
      expect(await shared.locator('h1').innerText()).toContain('a^2');
      // Maths rendered by KaTeX on the server, code highlighted, and no app bundle.
      expect(await shared.locator('.question .katex').count()).toBeGreaterThan(0);
      expect(await shared.locator('.answer .katex-display').count()).toBeGreaterThan(0);
      expect(await shared.locator('.answer pre code.hljs').count()).toBeGreaterThan(0);
      expect(scripts).toEqual([]);
      // KaTeX's stylesheet applies: the MathML copy is there for screen readers only.
      expect(
        await shared
          .locator('.katex-mathml')
          .first()
          .evaluate((el) => getComputedStyle(el).position),
      ).toBe('absolute');
      expect(await shared.locator('meta[name="robots"]').getAttribute('content')).toBe(
        'noindex, nofollow',
      );

      mkdirSync(SHOTS, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await shared.emulateMedia({ colorScheme: scheme });
        for (const [name, viewport] of [
          ['desktop', { width: 1280, height: 800 }],
          ['phone', { width: 375, height: 740 }],
        ] as const) {
          await shared.setViewportSize(viewport);
          const overflow = await shared.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${name} ${scheme}`).toBeLessThanOrEqual(0);
          await shared.screenshot({
            path: path.join(SHOTS, `shared-${name}-${scheme}.png`),
            fullPage: true,
          });
        }
      }

      await shared.getByRole('link', { name: 'Continue this chat' }).first().click();
      await shared.waitForURL(/\/chats\/[^/]+$/, { timeout: 20_000 });
      const copied = shared.locator('[data-role="assistant"]');
      await copied.first().waitFor({ timeout: 15_000 });
      expect(await shared.getByText(/Show .?code.? too/).count()).toBeGreaterThan(0);
      // The visitor carries on in their own copy.
      await shared.getByRole('textbox', { name: /message/i }).fill('And in three dimensions?');
      await shared.keyboard.press('Enter');
      await expect
        .poll(() => shared.locator('[data-role="assistant"]').count(), { timeout: 20_000 })
        .toBe(2);
      expect(visitor.errors, visitor.errors.join(' | ')).toEqual([]);
    } finally {
      await owner?.context.close();
      await visitor?.context.close();
    }
  }, 180_000);
});
