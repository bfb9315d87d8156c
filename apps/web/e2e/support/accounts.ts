import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** An account created and verified through the API of the server at `baseUrl` (code from its dev outbox). */
export async function registerVerified(
  server: { url: string; dataDir: string },
  email: string,
  password: string,
  name = 'Browser Tester',
): Promise<void> {
  const post = (url: string, body: object) =>
    fetch(`${server.url}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/auth/register', { email, password, name })).ok).toBe(true);
  const outbox = path.join(server.dataDir, 'dev-outbox.jsonl');
  await expect
    .poll(() => existsSync(outbox) && readFileSync(outbox, 'utf8').includes(email), {
      timeout: 15_000,
    })
    .toBe(true);
  const mail = readFileSync(outbox, 'utf8')
    .split('\n')
    .filter((line) => line.includes(email))
    .at(-1);
  const code = /verification code is: (\d{6})/.exec(mail ?? '')?.[1];
  expect((await post('/auth/verify-code', { email, code })).ok).toBe(true);
}

/** An account's API access token (POST /auth/login), for setup a test does not look at. */
export async function apiToken(
  server: { url: string },
  email: string,
  password = PASSWORD,
): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Signs in through the login screen, so the browser's visitor id goes along (spec §1). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail the server wrote to the dev outbox for `to` (no SMTP_URL in this suite). */
export function mailsTo(to: string): OutboxMail[] {
  const file = path.join(inject('dataDir'), 'dev-outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMail)
    .filter((mail) => mail.to === to);
}

/** Waits for the n-th mail to `to` and returns it. */
export async function nthMail(to: string, n: number): Promise<OutboxMail> {
  await expect.poll(() => mailsTo(to).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  const mail = mailsTo(to)[n - 1];
  if (!mail) throw new Error(`no mail #${n} to ${to}`);
  return mail;
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
export const PASSWORD = 'Violet kettle 42 drums';

export async function signUpAndVerify(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signup', { waitUntil: 'networkidle' });
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/verify-email');
  await page.getByText(email).waitFor();

  const code = /verification code is: (\d{6})/.exec((await nthMail(email, 1)).text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  // Typed into the first box: each digit moves on to the next; the sixth submits.
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(code ?? '');
}
