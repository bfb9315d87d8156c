import { randomUUID } from 'node:crypto';
import { CHAT_TITLE_PROMPT, type Conversation } from '@parallax/contract';
import { simTitleFor } from '@parallax/provider-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../../test/auth';
import {
  asMessage,
  createChatTestApp,
  newVisitorId,
  postJson,
  sendBody,
  SIM_MODEL,
  visitorHeaders,
  type ChatTestApp,
} from '../../../../test/chat';
import { setUpVault, vaultHeaders } from '../../../../test/vault';

let t: ChatTestApp;
let admin: SignedInUser;

beforeAll(async () => {
  // Anthropic points at a port nothing listens on: a title model there always fails.
  t = await createChatTestApp({
    env: { ANTHROPIC_API_KEY: 'sk-ant-dead', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/v1' },
  });
  admin = await registerAndSignIn(t.app, { admin: true });
});
afterAll(() => t.close());

async function setTitleModel(modelId: string | null) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/chat-titles',
    headers: bearer(admin.accessToken),
    payload: { model_id: modelId },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ model_id: string | null }>();
}

const titleRequests = () =>
  t.sim.requests.filter((r) => JSON.stringify(r.body ?? '').includes(CHAT_TITLE_PROMPT));

/** A visitor's first send (answered whole, no socket); answers the chat id. */
async function firstSend(visitor: string, question: string): Promise<string> {
  const res = await postJson(
    t.baseUrl,
    '/api/v1/chat/messages',
    visitorHeaders(visitor),
    sendBody(question),
  );
  expect(res.status).toBe(200);
  const sent = asMessage(res.json);
  expect(sent.status).toBe('completed');
  return sent.conversation_id ?? '';
}

async function titleOf(visitor: string, id: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/chat/conversations/${id}`,
    headers: visitorHeaders(visitor),
  });
  return res.json<Conversation>().title;
}

async function settledTitle(visitor: string, id: string, expected: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  let title = await titleOf(visitor, id);
  while (title !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    title = await titleOf(visitor, id);
  }
  return title;
}

describe('titles written by a model', () => {
  it('are off by default: the question’s first words name the chat at once', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/admin/chat-titles',
          headers: bearer(admin.accessToken),
        })
      ).json(),
    ).toMatchObject({ model_id: null });
    const visitor = newVisitorId();
    const question = 'why is the sky blue during the day? [sim tokens=8]';
    const before = titleRequests().length;
    const id = await firstSend(visitor, question);
    expect(await titleOf(visitor, id)).toBe('Why is the sky blue during the day');
    expect(titleRequests().length).toBe(before);
  });

  it('name a chat after its first answer with the admin’s model, spending no message unit', async () => {
    expect(await setTitleModel(SIM_MODEL.model)).toMatchObject({ model_id: SIM_MODEL.model });
    const visitor = newVisitorId();
    const question = 'how do tides work on other planets [sim tokens=8]';
    const id = await firstSend(visitor, question);
    const expected = simTitleFor(question);
    // Not the first-words fallback ("How do tides work on other planets").
    expect(expected).toBe('How Do Tides Work On');
    expect(await settledTitle(visitor, id, expected)).toBe(expected);
    const request = titleRequests().at(-1);
    expect(request).toMatchObject({ provider: 'openai', model: SIM_MODEL.model });
    // One unit for the one send: the title call counts against nobody's allowance.
    const limits = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/remaining-messages',
      headers: visitorHeaders(visitor),
    });
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/remaining-messages',
      headers: visitorHeaders(newVisitorId()),
    });
    const remaining = (r: typeof limits) =>
      r.json<{ remaining_messages: number }>().remaining_messages;
    expect(remaining(limits)).toBe(remaining(fresh) - 1);
    // A later turn does not rename it.
    const second = await postJson(t.baseUrl, '/api/v1/chat/messages', visitorHeaders(visitor), {
      ...sendBody('and on the moon? [sim tokens=8]'),
      conversation_id: id,
    });
    expect(second.status).toBe(200);
    expect(await titleOf(visitor, id)).toBe(expected);
  });

  it('fall back to the first words when the title model fails', async () => {
    await setTitleModel('claude-haiku-4-5');
    const visitor = newVisitorId();
    const question = 'what makes sourdough rise so slowly [sim tokens=8]';
    const id = await firstSend(visitor, question);
    const expected = 'What makes sourdough rise so slowly';
    expect(await settledTitle(visitor, id, expected)).toBe(expected);
  });

  it('never replace a title the person chose', async () => {
    await setTitleModel(SIM_MODEL.model);
    const { accessToken } = await registerAndSignIn(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/conversations',
      headers: bearer(accessToken),
      payload: { title: 'My own name' },
    });
    expect(created.statusCode).toBeLessThan(300);
    const chatId = created.json<Conversation>().id;
    const before = titleRequests().length;
    const res = await postJson(t.baseUrl, '/api/v1/chat/messages', bearer(accessToken), {
      ...sendBody('name this chat for me please [sim tokens=8]'),
      conversation_id: chatId,
    });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/conversations/${chatId}`,
      headers: bearer(accessToken),
    });
    expect(got.json<Conversation>().title).toBe('My own name');
    // Whether or not a call went out, nothing overwrote it; a title call is cheap either way.
    expect(titleRequests().length - before).toBeLessThanOrEqual(1);
  });

  it('are never asked for a chat in the vault', async () => {
    await setTitleModel(SIM_MODEL.model);
    const { accessToken } = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, accessToken);
    const before = titleRequests().length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats/messages',
      headers: vaultHeaders(accessToken, vault_token),
      payload: {
        message_id: randomUUID(),
        message: 'a secret question [sim tokens=8]',
        ...SIM_MODEL,
      },
    });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(titleRequests().length).toBe(before);
  });

  it('take only an enabled model, named in the error, and only from an admin', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/chat-titles',
      headers: bearer(admin.accessToken),
      payload: { model_id: 'no-such-model' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ detail: string }>().detail).toContain('model_id');
    const user = await registerAndSignIn(t.app);
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/chat-titles',
      headers: bearer(user.accessToken),
      payload: { model_id: null },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await setTitleModel(null)).toMatchObject({ model_id: null });
  });
});
