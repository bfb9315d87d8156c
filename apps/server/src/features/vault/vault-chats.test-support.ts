import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { MessageResponse } from '@parallax/contract';
import { bearer } from '../../../test/auth';
import { createChatTestApp, sendBody, type ChatTestApp } from '../../../test/chat';

/** The app of the vault chat tests (one per test file). */
export let t: ChatTestApp;

export function useVaultChatApp(): void {
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** A word no other text contains; the simulated answer repeats it (it names the topic). */
export const newMarker = (label: string) => `Mk${label}${randomBytes(6).toString('hex')}`;

/** A chat made by a send with a text file: its turn, answer and file all carry markers. */
export async function chatWithFile(
  accessToken: string,
  markers: { message: string; file: string },
  directive = '[sim tokens=40]',
) {
  const form = new FormData();
  const fields = sendBody(`${markers.message} explained please ${directive}`);
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append(
    'files[]',
    new Blob([`notes about ${markers.file}`], { type: 'text/plain' }),
    `${markers.file}.txt`,
  );
  const res = await fetch(`${t.baseUrl}/api/v1/chat/messages/upload`, {
    method: 'POST',
    headers: bearer(accessToken),
    body: form,
  });
  expect(res.status).toBe(200);
  const message = (await res.json()) as MessageResponse;
  expect(message.status).toBe('completed');
  expect(message.response).toContain(markers.message);
  return message;
}

export const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

/** Every list, search, get and export a signed-in user can call, as one string of answers. */
export async function walkEverything(accessToken: string, chatId: string, attachmentUrl: string) {
  const h = bearer(accessToken);
  const urls = [
    '/chat/conversations',
    '/chat/conversations?excludeComparisons=false',
    '/chat/conversations?is_favourite=true',
    '/chat/conversations/recent?excludeComparisons=false',
    `/chat/conversations/${chatId}`,
    `/chat/conversations/${chatId}/export?format=json`,
    `/chat/conversations/${chatId}/export?format=markdown`,
    `/chat/messages?conversation_id=${chatId}`,
    '/chat/messages?excludeComparisons=false',
    '/compare/sessions',
    '/projects',
    '/users/me',
    '/users/me/export',
    '/chat/remaining-messages',
    attachmentUrl.replace(/^\/api\/v1/, ''),
  ];
  const answers: Array<{ url: string; status: number; body: string }> = [];
  for (const url of urls) {
    const res = await get(url, h);
    answers.push({ url, status: res.statusCode, body: res.body });
  }
  return answers;
}
