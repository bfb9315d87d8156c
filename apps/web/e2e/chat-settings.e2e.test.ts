import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, signIn } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';
import { startVertexTokenEndpoint } from './support/vertex-token';
import { answerCount, pickModel, submitPrompt } from './support/thread';

let browser: Browser;
let sim: ProviderSim;
let tokens: Awaited<ReturnType<typeof startVertexTokenEndpoint>>;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  sim = await startProviderSim({ port: 0, defaults: { ttftMs: 5, tokensPerSecond: 2_000 } });
  tokens = await startVertexTokenEndpoint();
  server = await startServer({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: sim.baseUrls.openai,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: sim.baseUrls.anthropic,
    GEMINI_API_KEY: 'gemini-test',
    GEMINI_BASE_URL: sim.baseUrls.gemini,
    GOOGLE_VERTEX_PROJECT: 'sim-project',
    GOOGLE_VERTEX_LOCATION: 'us-central1',
    GOOGLE_APPLICATION_CREDENTIALS: tokens.credentialsFile,
    GOOGLE_VERTEX_BASE_URL: sim.baseUrls.google,
    XAI_API_KEY: 'xai-test',
    XAI_BASE_URL: sim.baseUrls.grok,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await tokens?.close();
  await sim?.close();
  await browser?.close();
});

const MARKER = 'Marker s3ttings-77: answer like a ship’s log.';
const answers = (page: Page) => page.locator('[data-role="assistant"]');

/** Sends and waits for its answer to complete; the upstream body that carried it. */
async function send(page: Page, text: string): Promise<Record<string, unknown>> {
  const before = await answerCount(page);
  await submitPrompt(page, `${text} [sim tokens=6]`);
  await page.waitForURL((url) => url.pathname.startsWith('/chats/'), { timeout: 20_000 });
  await expect.poll(() => answerCount(page), { timeout: 20_000 }).toBeGreaterThan(before);
  await expect
    .poll(() => answers(page).last().getAttribute('data-status'), { timeout: 30_000 })
    .toBe('completed');
  // Waited for: on a loaded machine the sim can record the request after the browser shows
  // the answer complete (both run in this process and the server in another).
  // Re-checked as each request arrives, before its body is read: a record may have none yet.
  const record = await sim.waitForRequest(
    (r) => JSON.stringify(r.body ?? '').includes(text),
    20_000,
  );
  return record.body as Record<string, unknown>;
}

async function fillSettings(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Chat settings' });
  await dialog.getByLabel('System prompt').fill(MARKER);
  await dialog.getByLabel('Temperature').fill('0.4');
  await dialog.getByLabel('Top-p').fill('0.9');
  await dialog.getByLabel('Max output tokens').fill('300');
  await dialog.getByLabel('Reasoning effort').selectOption('low');
  await dialog.getByLabel('Stop sequences').fill('END');
}

describe('chat settings and presets in the browser', () => {
  let t: Tab | undefined;
  afterAll(() => t?.context.close());

  it('sends a chat’s parameters and system prompt in each provider’s own fields', async () => {
    const email = `settings-${Date.now().toString(36)}@example.com`;
    const password = 'Cobalt harbour 58 sails';
    await registerVerified(server, email, password);
    t = await openTab(browser, server.url, { viewport: { width: 1280, height: 900 } });
    const { page } = t;
    await signIn(page, email, password);
    await page.goto('/', { waitUntil: 'networkidle' });
    await pickModel(page, 'GPT-5 mini');
    await page.getByRole('button', { name: 'Chat settings' }).click();
    // A wrong value is named by its field and nothing is lost.
    const dialog = page.getByRole('dialog', { name: 'Chat settings' });
    await dialog.getByLabel('Temperature').fill('3');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByText('Between 0 and 2.').waitFor();
    await fillSettings(page);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // OpenAI's reasoning model: effort and the limit go, sampling and stop are noted.
    const openai = await send(page, 'Turn for openai');
    expect(openai).toMatchObject({
      model: 'gpt-5-mini',
      reasoning_effort: 'low',
      max_completion_tokens: 300,
    });
    expect((openai.messages as unknown[])[0]).toEqual({ role: 'developer', content: MARKER });
    expect(openai).not.toHaveProperty('temperature');
    await expect
      .poll(() => answers(page).last().getByTestId('parameter-note').innerText())
      .toContain('Temperature not supported by GPT-5 mini; not sent');

    await pickModel(page, 'Claude Haiku 4.5');
    expect(await send(page, 'Turn for anthropic')).toMatchObject({
      system: [{ type: 'text', text: MARKER }],
      temperature: 0.4,
      top_p: 0.9,
      stop_sequences: ['END'],
      thinking: { type: 'enabled', budget_tokens: 1_024 },
    });

    for (const [name, provider] of [
      ['Gemini 2.5 Flash', 'gemini'],
      ['Gemini 2.5 Flash (Vertex AI)', 'google'],
    ] as const) {
      await pickModel(page, name);
      const body = await send(page, `Turn for ${provider}`);
      expect(body, provider).toMatchObject({
        systemInstruction: { parts: [{ text: MARKER }] },
        generationConfig: {
          temperature: 0.4,
          topP: 0.9,
          maxOutputTokens: 300,
          stopSequences: ['END'],
          thinkingConfig: { thinkingBudget: 1_024 },
        },
      });
      expect(sim.requests.findLast((r) => r.provider === provider)?.body).toEqual(body);
    }

    await pickModel(page, 'Grok 3 mini');
    const grok = await send(page, 'Turn for grok');
    expect(grok).toMatchObject({
      model: 'grok-3-mini',
      temperature: 0.4,
      top_p: 0.9,
      max_completion_tokens: 300,
      reasoning_effort: 'low',
    });
    expect((grok.messages as unknown[])[0]).toEqual({ role: 'system', content: MARKER });
    expect(grok).not.toHaveProperty('stop');
    await answers(page).last().getByText('Stop sequences not supported by Grok 3 mini').waitFor();

    // The streamed answer is the stored one, and the chat keeps its settings.
    const streamed = await answers(page)
      .last()
      .locator('.prose, [class*="text-"]')
      .first()
      .innerText();
    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() => answers(page).last().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed');
    expect(await answers(page).last().locator('.prose, [class*="text-"]').first().innerText()).toBe(
      streamed,
    );
    await page.getByRole('button', { name: 'Chat settings (customised)' }).click();
    await expect.poll(() => page.getByLabel('System prompt').inputValue()).toBe(MARKER);
    await page.keyboard.press('Escape');
  }, 90_000);

  it('saves a preset, picks it in the composer and makes it the default of new chats', async () => {
    if (!t) throw new Error('the first test signs in');
    const { page } = t;
    await page.getByRole('button', { name: 'Chat settings (customised)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat settings' });
    await dialog.getByLabel('Save as preset').fill('Ship log');
    await dialog.getByRole('button', { name: 'Save as preset' }).click();
    await dialog.locator('[data-preset="Ship log"]').waitFor();
    await dialog.getByRole('button', { name: 'Make Ship log the default' }).click();
    await dialog.getByRole('button', { name: 'Ship log is the default' }).waitFor();
    await page.keyboard.press('Escape');

    // Chosen in the composer: the chat's model comes back to the preset's.
    await pickModel(page, 'GPT-5 mini');
    await page.getByTestId('preset-picker').selectOption({ label: 'Ship log (default)' });
    await expect
      .poll(() => page.getByRole('button', { name: /^Model: / }).innerText())
      .toContain('Grok 3 mini');

    // A new chat starts from the default preset: its model, and its settings in the first send.
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByRole('button', { name: /^Model: / }).innerText())
      .toContain('Grok 3 mini');
    await page.getByRole('button', { name: 'Chat settings (customised)' }).waitFor();
    const first = await send(page, 'A chat from the default preset');
    expect(first).toMatchObject({ model: 'grok-3-mini', temperature: 0.4 });
    expect((first.messages as unknown[])[0]).toEqual({ role: 'system', content: MARKER });
    expect(t.errors, t.errors.join(' | ')).toEqual([]);
  }, 60_000);
});
