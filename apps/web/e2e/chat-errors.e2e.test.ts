import {
  INTERCEPTOR_MESSAGES,
  MESSAGES,
  STATUS_POLICIES,
  WS_ERROR_MAPPING,
  type ModelInfo,
  type ModelsResponse,
} from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { settledText } from './support/raw-markdown';
import { freePort, startServer, type RunningServer } from './support/server-process';
import { submitPrompt } from './support/thread';

/*
 * What the screen says when an answer fails, which model a reopened chat answers with, and
 * what it says while the server cannot be reached.
 */

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;
let models: ModelInfo[];

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  server = await startServer({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: sim.baseUrls.openai,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: sim.baseUrls.anthropic,
    VISITOR_DAILY_LIMIT: '200',
  });
  const res = await fetch(`${server.url}/api/v1/models`);
  models = ((await res.json()) as ModelsResponse).models.filter((m) => m.available);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sim?.close();
  await browser?.close();
});

const lastAssistant = (page: Page): Locator => page.locator('[data-role="assistant"]').last();
const modelButton = (page: Page) => page.getByRole('button', { name: /^Model: / });

function modelOf(provider: ModelInfo['provider']): ModelInfo {
  const model = models.find((m) => m.provider === provider && !m.is_demo);
  if (!model) throw new Error(`no available ${provider} model`);
  return model;
}

async function pickModel(page: Page, model: ModelInfo): Promise<void> {
  await modelButton(page).click();
  await page.getByRole('option', { name: model.friendly_name }).first().click();
  await expect.poll(() => modelButton(page).innerText()).toContain(model.friendly_name);
}

async function sendNewChat(page: Page, text: string): Promise<void> {
  await page.goto('/', { waitUntil: 'networkidle' });
  await modelButton(page).waitFor();
  await submitPrompt(page, text);
}

/** Sends, and measures how long from Enter until the answer's error note shows `expected`. */
async function errorShownWithin(page: Page, sendIt: () => Promise<void>, expected: string) {
  const started = Date.now();
  await sendIt();
  const note = lastAssistant(page).getByTestId('stream-error');
  await expect
    .poll(() => note.innerText().catch(() => ''), { timeout: 40_000 })
    .toContain(expected);
  return Date.now() - started;
}

const rateLimitText = WS_ERROR_MAPPING.find((m) => m.kind === 'rate_limit')?.message ?? '';
const modelUnavailableText =
  WS_ERROR_MAPPING.find((m) => m.kind === 'model_unavailable')?.message ?? '';
const serviceText = STATUS_POLICIES[503]?.userMessage ?? '';

describe('answer errors in the browser', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, server.url);
  });
  afterAll(() => tab.context.close());

  const cases = [
    { fault: '429', provider: 'openai', text: rateLimitText },
    { fault: '429', provider: 'anthropic', text: rateLimitText },
    { fault: 'auth', provider: 'openai', text: modelUnavailableText },
    { fault: '500', provider: 'anthropic', text: serviceText },
  ] as const;
  for (const { fault, provider, text } of cases) {
    it(`an upstream ${fault} from ${provider} shows its text within 3 s, in a new chat and an existing one`, async () => {
      const { page } = tab;
      await page.goto('/', { waitUntil: 'networkidle' });
      await pickModel(page, modelOf(provider));
      const inNew = await errorShownWithin(
        page,
        () => submitPrompt(page, `Hello [sim fault=${fault}]`),
        `${MESSAGES.streamErrorPrefix}${text}`,
      );
      expect(inNew).toBeLessThan(3_000);
      await page.waitForURL((url) => url.pathname.startsWith('/chats/'));
      const inExisting = await errorShownWithin(
        page,
        () => submitPrompt(page, `Again [sim fault=${fault}]`),
        `${MESSAGES.streamErrorPrefix}${text}`,
      );
      expect(inExisting).toBeLessThan(3_000);
      // The failed chat is named after its question, in the header and in the sidebar alike.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Hello');
      const path = new URL(page.url()).pathname;
      await expect
        .poll(() =>
          page
            .locator(`section[aria-labelledby="recent-chats-heading"] a[href="${path}"]`)
            .first()
            .innerText()
            .catch(() => ''),
        )
        .toContain('Hello');
      expect(tab.errors, tab.errors.join(' | ')).toEqual([]);
    });
  }

  it('a drop mid-answer keeps the partial answer intact and tells the error outside it', async () => {
    const { page } = tab;
    await page.goto('/', { waitUntil: 'networkidle' });
    await pickModel(page, modelOf('openai'));
    await sendNewChat(page, 'Explain Bayes theorem [sim fault=drop fault-after=60 tps=300]');
    await expect
      .poll(() => lastAssistant(page).getAttribute('data-status'), { timeout: 40_000 })
      .toBe('error');
    const answer = lastAssistant(page).locator('.markdown');
    const partial = await settledText(page, answer);
    expect(partial.length).toBeGreaterThan(40);
    expect(partial).not.toContain(MESSAGES.streamErrorPrefix.trim());
    expect(await answer.locator('.katex-error').count()).toBe(0);
    expect(await lastAssistant(page).getByTestId('stream-error').innerText()).toContain(
      `${MESSAGES.streamErrorPrefix}${serviceText}`,
    );
    await expect(lastAssistant(page).getByRole('button', { name: 'Retry' }).count()).resolves.toBe(
      1,
    );
    // After a reload the stored partial answer reads the same.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await settledText(page, lastAssistant(page).locator('.markdown'))).toBe(partial);
    expect(tab.errors, tab.errors.join(' | ')).toEqual([]);
  });
});

describe("a chat's own model", () => {
  it('a reopened chat shows and answers with its own model; home keeps the last pick', async () => {
    const { page, context, errors } = await openTab(browser, server.url);
    try {
      const claude = modelOf('anthropic');
      const gpt = modelOf('openai');
      await page.goto('/', { waitUntil: 'networkidle' });
      await pickModel(page, claude);
      await sendNewChat(page, 'A Claude chat [sim tokens=20]');
      await page.waitForURL((url) => url.pathname.startsWith('/chats/'));
      const claudeChat = new URL(page.url()).pathname;
      await expect
        .poll(() => lastAssistant(page).getAttribute('data-status'), { timeout: 40_000 })
        .toBe('completed');

      await page.goto('/', { waitUntil: 'networkidle' });
      await pickModel(page, gpt);
      await sendNewChat(page, 'A GPT chat [sim tokens=20]');
      await page.waitForURL((url) => url.pathname.startsWith('/chats/'));
      await expect
        .poll(() => lastAssistant(page).getAttribute('data-status'), { timeout: 40_000 })
        .toBe('completed');

      await page.goto(claudeChat, { waitUntil: 'networkidle' });
      await expect.poll(() => modelButton(page).innerText()).toContain(claude.friendly_name);
      await submitPrompt(page, 'Claude again [sim tokens=20]');
      const request = await sim.waitForRequest((r) =>
        JSON.stringify(r.body ?? '').includes('Claude again'),
      );
      expect(request.provider).toBe('anthropic');
      expect(request.model).toBe(claude.model);

      await page.goto('/', { waitUntil: 'networkidle' });
      await expect.poll(() => modelButton(page).innerText()).toContain(gpt.friendly_name);
      expect(errors, errors.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the connection notice', () => {
  it('appears while the browser is offline and clears when it is back', async () => {
    const { page, context, errors } = await openTab(browser, server.url);
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      const notice = page.getByTestId('connection-notice');
      await context.setOffline(true);
      await expect
        .poll(() => notice.innerText().catch(() => ''))
        .toContain(INTERCEPTOR_MESSAGES.offline);
      await context.setOffline(false);
      await expect.poll(() => notice.count()).toBe(0);
      expect(errors, errors.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('appears while the server is down and clears itself when it is back', async () => {
    const port = String(await freePort());
    let own = await startServer({ PORT: port });
    const { page, context } = await openTab(browser, own.url);
    try {
      await sendNewChat(page, 'Hello before the outage [sim tokens=10]');
      await page.waitForURL((url) => url.pathname.startsWith('/chats/'));
      await own.stop();
      const notice = page.getByTestId('connection-notice');
      await expect.poll(() => notice.innerText().catch(() => '')).toContain('Reconnecting');
      own = await startServer({ PORT: port });
      await expect.poll(() => notice.count(), { timeout: 30_000 }).toBe(0);
    } finally {
      await context.close();
      await own.stop();
    }
  });
});
