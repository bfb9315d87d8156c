import type { Conversation, ConversationListResponse, MessageResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import { titleFromMessage } from './conversation-title';

describe('conversations', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1/chat/conversations${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('creates, gets, renames, favourites (set and toggle), assigns a project and deletes', async () => {
    const h = visitorHeaders(newVisitorId());
    const created = await call('POST', '/', h, { title: 'Trip plans' });
    expect(created.statusCode).toBe(201);
    const c = created.json<Conversation>();
    expect(c).toMatchObject({
      title: 'Trip plans',
      kind: 'regular',
      is_favourite: false,
      project_id: null,
      message_count: 0,
    });

    expect(
      (await call('PUT', `/${c.id}`, h, { title: 'Trip to Rome' })).json<Conversation>().title,
    ).toBe('Trip to Rome');
    expect((await call('PUT', `/${c.id}/favourite`, h, {})).json<Conversation>().is_favourite).toBe(
      true,
    );
    expect((await call('PUT', `/${c.id}/favourite`, h, {})).json<Conversation>().is_favourite).toBe(
      false,
    );
    expect(
      (await call('PUT', `/${c.id}/favourite`, h, { is_favourite: true })).json<Conversation>()
        .is_favourite,
    ).toBe(true);
    expect(
      (await call('PUT', `/${c.id}/favourite`, h, { is_favourite: true })).json<Conversation>()
        .is_favourite,
    ).toBe(true);
    // Visitors have no projects: any id is unknown (projects.test.ts moves chats of users).
    expect((await call('PUT', `/${c.id}/project`, h, { project_id: 'proj_123' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/${c.id}/project`, h, { project_id: '' })).statusCode).toBe(422);
    expect(
      (await call('DELETE', `/${c.id}/project`, h)).json<Conversation>().project_id,
    ).toBeNull();
    expect((await call('GET', `/${c.id}`, h)).json<Conversation>()).toMatchObject({
      id: c.id,
      title: 'Trip to Rome',
      is_favourite: true,
    });
    expect((await call('DELETE', `/${c.id}`, h)).statusCode).toBe(200);
    const gone = await call('GET', `/${c.id}`, h);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'not_found', detail: 'Conversation not found' });
  });

  it('toggles the favourite when the body is left out, with or without a JSON content type', async () => {
    const h = visitorHeaders(newVisitorId());
    const c = (await call('POST', '/', h, { title: 'Toggle me' })).json<Conversation>();
    const noBody = await call('PUT', `/${c.id}/favourite`, h);
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json<Conversation>().is_favourite).toBe(true);
    const emptyJson = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/chat/conversations/${c.id}/favourite`,
      headers: { ...h, 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode, emptyJson.body).toBe(200);
    expect(emptyJson.json<Conversation>().is_favourite).toBe(false);
    const wrong = await call('PUT', `/${c.id}/favourite`, h, { is_favourite: 'yes' });
    expect(wrong.statusCode).toBe(422);
  });

  it('lists with offset/limit, search over titles and message text, favourites and comparisons', async () => {
    const h = visitorHeaders(newVisitorId());
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: h,
      payload: sendBody('Tell me about zebras'),
    });
    const fromSend = sent.json<MessageResponse>().conversation_id;
    const titled = (
      await call('POST', '/', h, { title: 'Quarterly 100% report_x' })
    ).json<Conversation>();
    const comparison = (
      await call('POST', '/', h, { title: 'Side by side', kind: 'comparison' })
    ).json<Conversation>();
    await call('PUT', `/${titled.id}/favourite`, h, {});

    const all = (await call('GET', '/', h)).json<ConversationListResponse>();
    expect(all.total).toBe(2);
    expect(all.conversations.map((c) => c.id)).not.toContain(comparison.id);
    const withComparisons = (
      await call('GET', '/?excludeComparisons=false', h)
    ).json<ConversationListResponse>();
    expect(withComparisons.total).toBe(3);
    const firstPage = (
      await call('GET', '/?limit=1&offset=0&excludeComparisons=false', h)
    ).json<ConversationListResponse>();
    expect(firstPage).toMatchObject({ total: 3, has_more: true });
    expect(firstPage.conversations).toHaveLength(1);
    expect(
      (await call('GET', '/?search=ZEBRA', h))
        .json<ConversationListResponse>()
        .conversations.map((c) => c.id),
    ).toEqual([fromSend]);
    expect(
      (await call('GET', '/?search=100%25', h))
        .json<ConversationListResponse>()
        .conversations.map((c) => c.id),
    ).toEqual([titled.id]);
    // Search goes by words (the search index): `_` separates them, a word fragment is no match.
    expect((await call('GET', '/?search=report_x', h)).json<ConversationListResponse>().total).toBe(
      1,
    );
    expect((await call('GET', '/?search=t_x', h)).json<ConversationListResponse>().total).toBe(0);
    expect(
      (await call('GET', '/?is_favourite=true', h))
        .json<ConversationListResponse>()
        .conversations.map((c) => c.id),
    ).toEqual([titled.id]);
    const recent = (await call('GET', '/recent?limit=1', h)).json<{
      conversations: Conversation[];
    }>();
    expect(recent.conversations).toHaveLength(1);
    expect(
      (await call('GET', '/recent', h)).json<{ conversations: Conversation[] }>().conversations,
    ).toHaveLength(2);
  });

  it('keeps owners apart: every id of another visitor or user is 404', async () => {
    const owner = visitorHeaders(newVisitorId());
    const c = (await call('POST', '/', owner, { title: 'Mine' })).json<Conversation>();
    const user = await registerAndSignIn(t.app);
    for (const stranger of [visitorHeaders(newVisitorId()), bearer(user.accessToken)]) {
      expect((await call('GET', `/${c.id}`, stranger)).statusCode).toBe(404);
      expect((await call('PUT', `/${c.id}`, stranger, { title: 'x' })).statusCode).toBe(404);
      expect((await call('PUT', `/${c.id}/favourite`, stranger, {})).statusCode).toBe(404);
      expect(
        (await call('PUT', `/${c.id}/project`, stranger, { project_id: 'p1' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/${c.id}/project`, stranger)).statusCode).toBe(404);
      expect((await call('DELETE', `/${c.id}`, stranger)).statusCode).toBe(404);
      expect((await call('GET', '/', stranger)).json<ConversationListResponse>().total).toBe(0);
    }
    expect((await call('GET', `/${c.id}`, owner)).json<Conversation>().title).toBe('Mine');
    expect((await call('GET', '/', {})).statusCode).toBe(401);
  });

  it("moves a visitor's conversations to the account the visitor signs up with", async () => {
    const visitorId = newVisitorId();
    const c = (
      await call('POST', '/', visitorHeaders(visitorId), { title: 'Before sign-up' })
    ).json<Conversation>();
    const user = await registerAndSignIn(t.app, { visitorId });
    expect(
      (await call('GET', `/${c.id}`, bearer(user.accessToken))).json<Conversation>().title,
    ).toBe('Before sign-up');
    expect((await call('GET', `/${c.id}`, visitorHeaders(visitorId))).statusCode).toBe(404);
  });
});

describe('titleFromMessage', () => {
  it('keeps the first sentence, drops markdown and code, caps words', () => {
    expect(titleFromMessage('what is **Rust**? I heard it is fast.')).toBe('What is Rust');
    expect(titleFromMessage('```js\nconsole.log(1)\n```\nexplain this code please')).toBe(
      'Explain this code please',
    );
    expect(titleFromMessage('one two three four five six seven eight nine ten')).toBe(
      'One two three four five six seven eight',
    );
    expect(titleFromMessage('```\nonly code\n```')).toBe('New chat');
  });
});
