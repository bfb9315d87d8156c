import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

export { launchChromium as launchBrowser } from './chromium';

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  goto: (path: string) => Promise<void>;
}

export const baseUrl = () => inject('baseUrl');

/** A fresh context (own storage) and page that records console errors and page errors. */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return {
    page,
    context,
    errors,
    goto: async (path: string) => {
      await page.goto(path, { waitUntil: 'networkidle' });
    },
  };
}

export interface Tab {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors seen so far. */
  errors: string[];
}

/** A fresh context and page on a server of the test's own (own env), recording page errors. */
export async function openTab(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<Tab> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'en-US',
    ...(options.timezoneId && { timezoneId: options.timezoneId }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, context, errors };
}
