import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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
    .poll(() => existsSync(outbox) && readFileSync(outbox, 'utf8').includes(email), { timeout: 15_000 })
    .toBe(true);
  const mail = readFileSync(outbox, 'utf8')
    .split('\n')
    .filter((line) => line.includes(email))
    .at(-1);
  const code = /verification code is: (\d{6})/.exec(mail ?? '')?.[1];
  expect((await post('/auth/verify-code', { email, code })).ok).toBe(true);
}

/** Signs in through the login screen, so the browser's visitor id goes along (spec §1). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}
