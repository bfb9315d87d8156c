import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { detectVariables } from '../src/features/prompt-generator/model/placeholders';
import { seriousViolations } from './support/accessibility';
import { PASSWORD, signUpAndVerify, uniqueEmail } from './support/accounts';
import { launchBrowser, openTab, type Tab } from './support/browser';

let browser: Browser;
let tab: Tab;

beforeAll(async () => {
  browser = await launchBrowser();
  tab = await openTab(browser, inject('baseUrl'));
});

afterAll(async () => {
  await browser?.close();
});

const version = (page: Page, n: number) => page.getByRole('article', { name: `Version ${n}` });

/** Waits until version `n` has finished streaming and returns its text. */
async function finishedText(page: Page, n: number): Promise<string> {
  await expect
    .poll(() => version(page, n).getAttribute('aria-busy'), { timeout: 30_000 })
    .toBe('false');
  return (await version(page, n).locator('pre').innerText()).trim();
}

describe('prompt generator', () => {
  it('streams a prompt, refines it into a second version, and saves a version as a template', async () => {
    const { page, errors } = tab;
    // Signed in: saving the generated prompt as a template needs an account.
    await signUpAndVerify(page, uniqueEmail('generator'), PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/prompt-generator', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByText('No sessions yet.', { exact: false }).count()).toBe(1);

    // The goal is required: nothing is sent without it.
    await page.getByRole('button', { name: 'Generate prompt' }).click();
    await expect.poll(() => page.getByText('Goal: say what the prompt is for.').count()).toBe(1);

    // Slow tokens, so the answer is seen arriving before it is complete.
    await page.getByLabel('Goal (required)').fill('Explain photosynthesis [sim tps=60]');
    await page.getByLabel('Audience').fill('Pupils aged 12');
    await page.getByLabel('Output format').fill('A one-page handout');
    await page.getByLabel('Constraints').fill('Under 300 words');
    await page.getByRole('button', { name: 'Generate prompt' }).click();
    await page.waitForURL((url) => url.searchParams.has('session'), { timeout: 20_000 });

    await expect
      .poll(async () => {
        const busy = await version(page, 1).getAttribute('aria-busy');
        const text = (await version(page, 1).locator('pre').count())
          ? await version(page, 1).locator('pre').innerText()
          : '';
        return busy === 'true' && text.length > 0;
      })
      .toBe(true);
    const first = await finishedText(page, 1);
    expect(first.length).toBeGreaterThan(20);
    await page.getByText('Your request').click();
    await expect
      .poll(() => page.locator('details').getByText('Audience: Pupils aged 12').count())
      .toBe(1);

    // A refinement is a second version; the first is kept.
    await page.getByRole('button', { name: 'Make it shorter' }).click();
    const second = await finishedText(page, 2);
    expect(second.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Version 1', exact: true }).count())
      .toBe(1);
    await expect.poll(() => version(page, 2).getByText('Asked: Make it shorter.').count()).toBe(1);

    // Side by side, with the changes marked.
    await page.getByRole('button', { name: 'Compare versions' }).click();
    const older = page.getByRole('region', { name: 'Version 1, words taken out marked' });
    const newer = page.getByRole('region', { name: 'Version 2, words put in marked' });
    await expect.poll(() => older.count()).toBe(1);
    expect((await newer.innerText()).replace(/\s+/g, ' ')).toContain(
      second.replace(/\s+/g, ' ').slice(0, 40),
    );
    expect(await page.locator('del, ins').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Compare versions' }).click();

    // The session is listed on the page.
    await expect
      .poll(() => page.getByRole('link', { name: /2 versions/ }).getAttribute('aria-current'))
      .toBe('page');

    // "Test in compare" opens a new comparison with the prompt and the models chosen.
    await version(page, 2).getByRole('button', { name: 'Test in compare' }).click();
    await page.waitForURL((url) => url.pathname === '/compare', { timeout: 10_000 });
    await expect.poll(() => page.getByLabel('Compare prompt').inputValue()).toBe(second);
    await expect
      .poll(() => page.getByRole('button', { name: 'Compare 2 models' }).isEnabled())
      .toBe(true);
    await page.goBack();
    await finishedText(page, 2);

    // "Use in new chat" puts the prompt in the new chat's box.
    await version(page, 2).getByRole('button', { name: 'Use in new chat' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await expect.poll(() => page.getByLabel('Message', { exact: true }).inputValue()).toBe(second);
    await page.goBack();
    await finishedText(page, 2);

    // "Save as template" hands the version (placeholders as variables) to /prompt-templates.
    await version(page, 2).getByRole('button', { name: 'Save as template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as template' });
    await dialog.getByLabel('Title').fill('Photosynthesis handout');
    await dialog.getByRole('button', { name: 'Continue to templates' }).click();
    await page.waitForURL((url) => url.pathname === '/prompt-templates', { timeout: 10_000 });
    // The templates screen opens the new template's editor with that draft; saving keeps it.
    const editor = page.getByRole('dialog', { name: 'New template' });
    await editor.waitFor();
    expect(await editor.getByLabel('Title').inputValue()).toBe('Photosynthesis handout');
    const body = editor.getByLabel('Prompt');
    expect(await body.inputValue()).toBe(detectVariables(second).body);
    // The offline model writes no placeholders (their conversion is unit-tested); one typed in
    // the editor is found as it would be in a real model's prompt, and saved with it.
    await body.press('End');
    await body.pressSequentially(' Write it for {{audience:choice=pupils|teachers}}.');
    await editor.getByText('Variables found: 1').waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('article', { name: 'Photosynthesis handout' }).waitFor();
    expect(errors, errors.join(' | ')).toEqual([]);
  });
});
