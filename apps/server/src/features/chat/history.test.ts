import type {
  ClearVisitorMessagesResponse,
  HistoryResponse,
  MessageResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';

describe('history, clearing and isolation', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp({ env: { VISITOR_DAILY_LIMIT: '50' } });
  });
  afterAll(() => t.close());

  const send = (
    headers: Record<string, string>,
    text: string,
    extra: Record<string, unknown> = {},
  ) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/v1/chat/messages',
        headers,
        payload: sendBody(`${text} [sim tokens=2]`, extra),
      })
      .then((r) => r.json<MessageResponse>());
  const history = (headers: Record<string, string>, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/chat/messages?${query}`, headers });

  it('pages older turns with has_more and a cursor, oldest first within a page', async () => {
    const h = visitorHeaders(newVisitorId());
    const first = await send(h, 'turn 1');
    const ids = [first.id];
    for (let i = 2; i <= 5; i++)
      ids.push((await send(h, `turn ${i}`, { conversation_id: first.conversation_id })).id);

    const page1 = (
      await history(h, `conversation_id=${first.conversation_id}&limit=2`)
    ).json<HistoryResponse>();
    expect(page1.messages.map((m) => m.id)).toEqual(ids.slice(3));
    expect(page1).toMatchObject({ has_more: true, remaining_messages: 45 });
    const page2 = (
      await history(h, `conversation_id=${first.conversation_id}&limit=2&cursor=${page1.cursor}`)
    ).json<HistoryResponse>();
    expect(page2.messages.map((m) => m.id)).toEqual(ids.slice(1, 3));
    const page3 = (
      await history(h, `conversation_id=${first.conversation_id}&limit=2&cursor=${page2.cursor}`)
    ).json<HistoryResponse>();
    expect(page3).toMatchObject({ has_more: false, cursor: null });
    expect(page3.messages.map((m) => m.id)).toEqual(ids.slice(0, 1));
    const byOffset = (await history(h, 'limit=2&offset=2')).json<HistoryResponse>();
    expect(byOffset.messages.map((m) => m.id)).toEqual(ids.slice(1, 3));
    expect((await history(h, '')).json<HistoryResponse>().messages).toHaveLength(5);
    expect((await history(h, 'cursor=bm9wZQ')).statusCode).toBe(422);
  });

  it('leaves comparison turns out unless asked', async () => {
    const h = visitorHeaders(newVisitorId());
    await send(h, 'plain');
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/compare/sessions',
      headers: h,
      payload: { models: ['gpt-5', 'gpt-5-mini'] },
    });
    await send(h, 'compared', { comparison_id: session.json<{ id: string }>().id });
    expect((await history(h, '')).json<HistoryResponse>().messages.map((m) => m.content)).toEqual([
      'plain [sim tokens=2]',
    ]);
    expect(
      (await history(h, 'excludeComparisons=false')).json<HistoryResponse>().messages,
    ).toHaveLength(2);
  });

  it('keeps turns private: strangers get 404 for the conversation and see none of it', async () => {
    const owner = visitorHeaders(newVisitorId());
    const sent = await send(owner, 'secret');
    const user = await registerAndSignIn(t.app);
    for (const stranger of [visitorHeaders(newVisitorId()), bearer(user.accessToken)]) {
      expect((await history(stranger, `conversation_id=${sent.conversation_id}`)).statusCode).toBe(
        404,
      );
      expect((await history(stranger, '')).json<HistoryResponse>().messages).toEqual([]);
    }
  });

  it("clears a visitor's messages and conversations, and only a visitor's", async () => {
    const visitorId = newVisitorId();
    const other = visitorHeaders(newVisitorId());
    await send(visitorHeaders(visitorId), 'one');
    await send(visitorHeaders(visitorId), 'two');
    await send(other, 'kept');
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/clear-visitor-messages',
      headers: visitorHeaders(visitorId),
    });
    expect(cleared.json<ClearVisitorMessagesResponse>()).toEqual({ deleted: 2 });
    expect((await history(visitorHeaders(visitorId), '')).json<HistoryResponse>().messages).toEqual(
      [],
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/chat/conversations/',
          headers: visitorHeaders(visitorId),
        })
      ).json<{ total: number }>().total,
    ).toBe(0);
    expect((await history(other, '')).json<HistoryResponse>().messages).toHaveLength(1);
    const user = await registerAndSignIn(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/chat/clear-visitor-messages',
          headers: bearer(user.accessToken),
        })
      ).statusCode,
    ).toBe(400);
  });

  it("moves a visitor's turns and today's spending to the account on sign-up", async () => {
    const visitorId = newVisitorId();
    await send(visitorHeaders(visitorId), 'before sign-up');
    const user = await registerAndSignIn(t.app, { visitorId });
    const page = (await history(bearer(user.accessToken), '')).json<HistoryResponse>();
    expect(page.messages.map((m) => m.content)).toEqual(['before sign-up [sim tokens=2]']);
    expect(page.messages[0]?.is_authenticated).toBe(true);
    expect(page.remaining_messages).toBe(49);
  });
});
