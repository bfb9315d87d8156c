import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, signIn } from './support/accounts';
import { launchBrowser, type Tab } from './support/browser';
import { mathErrorSeen, settledText, watchRawMarkdown } from './support/raw-markdown';
import { startServer, type RunningServer } from './support/server-process';
import { answerCount, submitPrompt } from './support/thread';

/*
 * The answer a user watches is the answer that was written: every streamed answer, read the
 * moment it completes (no reload), must equal the stored answer rendered fresh — across new
 * chats from home (where the URL changes mid-stream), follow-ups, reloads and navigation
 * away and back, at speeds from a trickle to a burst, with markdown and maths.
 */

let browser: Browser;
let sim: ProviderSim;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0 });
  server = await startServer({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: sim.baseUrls.openai,
    VISITOR_DAILY_LIMIT: '500',
    FREE_DAILY_LIMIT: '500',
    // Each tab below stands for a user of its own address (X-Forwarded-For), as real users are:
    // three sessions from one address would share its API request limit.
    TRUST_PROXY: '127.0.0.1',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sim?.close();
  await browser?.close();
});

const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const lastAssistant = (page: Page): Locator => page.locator('[data-role="assistant"]').last();

/** Topics whose simulated answers carry headings, lists, tables, code and display maths. */
const TOPICS = [
  'Explain probability',
  'Explain Bayes theorem',
  'Describe sorting algorithms',
  'Summarise the history of tables',
  'Explain integrals',
  'Compare queues and stacks',
];
/** Speeds from a trickle to a burst: tokens per second, answer length, time to first token. */
const SPEEDS = [
  { tps: 25, tokens: 60, ttft: 0 },
  { tps: 80, tokens: 120, ttft: 50 },
  { tps: 400, tokens: 160, ttft: 0 },
  { tps: 1500, tokens: 220, ttft: 10 },
];

function promptFor(n: number, tag: string): string {
  const topic = TOPICS[n % TOPICS.length] ?? 'Explain probability';
  const speed = SPEEDS[n % SPEEDS.length] ?? SPEEDS[0];
  return `${topic} (${tag} ${n}) [sim tps=${speed?.tps} tokens=${speed?.tokens} ttft=${speed?.ttft}]`;
}

/** What the page shows, for a failure's message. */
async function shown(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '');
  return `${page.url()}\n${text.slice(-1_500)}`;
}

/** The last answer once completed and rendered. */
async function completedAnswer(page: Page): Promise<string> {
  const status = () =>
    lastAssistant(page)
      .getAttribute('data-status', { timeout: 1_000 })
      .catch(() => null);
  try {
    await expect.poll(status, { timeout: 60_000 }).toMatch(/^(completed|error)$/);
    if ((await status()) === 'error') throw new Error('the answer ended in error');
  } catch (error) {
    throw new Error(`the answer did not complete; the page shows:\n${await shown(page)}`, {
      cause: error,
    });
  }
  return settledText(page, lastAssistant(page));
}

/** A stretch of the answer's opening that shows twice is a replay appended to what was shown. */
function repeatedOpening(text: string): string | null {
  const opening = text.replace(/\s+/g, ' ').trim().slice(0, 48);
  if (opening.length < 24) return null;
  const flat = text.replace(/\s+/g, ' ');
  return flat.indexOf(opening) !== flat.lastIndexOf(opening) ? opening : null;
}

interface Mismatch {
  label: string;
  live: string;
  stored: string;
}

/** What went wrong on a page (failed API calls, console errors), newest last: why a screen broke. */
const failedCalls = new WeakMap<Page, string[]>();

/** Reads the answer as streamed, then as stored (the chat reloaded), and records any difference. */
async function checkAgainstStored(page: Page, label: string, mismatches: Mismatch[]) {
  const failedBefore = failedCalls.get(page)?.length ?? 0;
  try {
    const live = await completedAnswer(page);
    const repeated = repeatedOpening(live);
    await page.reload({ waitUntil: 'networkidle' });
    const stored = await completedAnswer(page);
    if (live !== stored || repeated) mismatches.push({ label, live, stored });
  } catch (error) {
    // Counted, and the session goes on: the test reports every case that went wrong.
    const failed = failedCalls.get(page)?.slice(failedBefore) ?? [];
    mismatches.push({
      label,
      live: String(error),
      stored: `seen on the page: ${failed.join(', ')}`,
    });
  }
}

async function newChatFromHome(page: Page, text: string): Promise<string> {
  await page.goto('/', { waitUntil: 'networkidle' });
  // The box sends once a model is chosen (the models list has loaded).
  await page.getByRole('button', { name: /^Model: \S/ }).waitFor();
  await composer(page).fill(text);
  await composer(page).press('Enter');
  try {
    await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 40_000 });
  } catch (error) {
    const shown = await page
      .locator('main')
      .innerText()
      .catch(() => '');
    throw new Error(`no chat page after sending "${text}"; the page shows:\n${shown}`, {
      cause: error,
    });
  }
  return new URL(page.url()).pathname;
}

async function followUp(page: Page, text: string): Promise<void> {
  const before = await answerCount(page);
  await submitPrompt(page, text);
  await expect.poll(() => answerCount(page)).toBe(before + 1);
}

/** Waits until the answer shows some of its own text (not only its model name). */
async function midStream(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        lastAssistant(page)
          .locator('.markdown')
          .first()
          .innerText({ timeout: 1_000 })
          .catch(() => ''),
      { timeout: 30_000 },
    )
    .toMatch(/[\s\S]{15,}/);
}

/** The answers one session checks: eight new chats and four others. */
const CASES = 12;

/** Eight new chats from home, a follow-up, a reload and a navigation away and back mid-stream. */
async function session(tab: Tab, tag: string, mismatches: Mismatch[]): Promise<void> {
  const { page } = tab;
  await watchRawMarkdown(page);
  let chatPath = '';
  for (let n = 0; n < 8; n += 1) {
    chatPath = await newChatFromHome(page, promptFor(n, tag));
    await checkAgainstStored(page, `${tag}: new chat ${n}`, mismatches);
  }

  await followUp(page, promptFor(9, `${tag} follow-up`));
  await checkAgainstStored(page, `${tag}: follow-up`, mismatches);

  await followUp(page, `Explain integrals (${tag} reload) [sim tps=30 tokens=200]`);
  await midStream(page);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await checkAgainstStored(page, `${tag}: reloaded mid-stream`, mismatches);

  await followUp(page, `Explain probability (${tag} away) [sim tps=30 tokens=200]`);
  await midStream(page);
  await page.getByRole('link', { name: 'Chats', exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === '/chats');
  await page.goBack({ waitUntil: 'networkidle' });
  expect(new URL(page.url()).pathname).toBe(chatPath);
  await checkAgainstStored(page, `${tag}: away and back mid-stream`, mismatches);

  // A new chat left mid-stream for another page and opened again from the sidebar's list.
  const leftPath = await newChatFromHome(
    page,
    `Explain Bayes theorem (${tag} left) [sim tps=30 tokens=200]`,
  );
  await midStream(page);
  await page.goto('/chats', { waitUntil: 'networkidle' });
  await page.goto(leftPath, { waitUntil: 'networkidle' });
  await checkAgainstStored(page, `${tag}: new chat reopened mid-stream`, mismatches);

  expect(await mathErrorSeen(page)).toBeUndefined();
}

async function userTab(address: string): Promise<Tab> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const failed: string[] = [];
  failedCalls.set(page, failed);
  page.on('console', (msg) => {
    if (msg.type() === 'error') failed.push(`console: ${msg.text()}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      failed.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return { page, context, errors };
}

describe('stream fidelity in the browser', () => {
  it('every streamed answer equals the stored one the moment it completes (24 new chats, follow-ups, reloads, navigation)', async () => {
    const email = `fidelity-${Date.now().toString(36)}@example.com`;
    const password = 'Copper meadow 58 kites';
    await registerVerified(server, email, password, 'Fidelity Tester');
    const tabs = await Promise.all([1, 2, 3].map((n) => userTab(`10.9.0.${n}`)));
    try {
      await signIn(tabs[2]!.page, email, password);
      const mismatches: Mismatch[] = [];
      // Side by side: the server and the browser busy with three streams at once vary the timing.
      await Promise.all([
        session(tabs[0]!, 'visitor A', mismatches),
        session(tabs[1]!, 'visitor B', mismatches),
        session(tabs[2]!, 'signed in', mismatches),
      ]);
      expect(mismatches, `${mismatches.length} of ${CASES * 3} answers differ`).toEqual([]);
      for (const tab of tabs) expect(tab.errors, tab.errors.join(' | ')).toEqual([]);
    } finally {
      await Promise.all(tabs.map((tab) => tab.context.close()));
    }
  }, 600_000);
});
