import {
  LIMITS,
  type AllocateIdResponse,
  type CompareListResponse,
  type CompareSession,
  type Conversation,
  type ConversationListResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';

/** The favourites call of spec §7: is_favourite true, offset 0, limit 20, comparisons included. */
const FAVOURITES = `/chat/conversations/?is_favourite=true&offset=0&limit=${LIMITS.favouritesPageSize}&excludeComparisons=false`;

describe('starred comparisons and the favourites call', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ): Promise<{ status: number; body: T }> => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<T>() };
  };

  const newSession = async (h: Record<string, string>, blind = false) => {
    const created = await call<CompareSession>('POST', '/compare/sessions', h, {
      models: ['gpt-5', 'gpt-5-mini'],
      blind,
    });
    expect(created.status).toBe(201);
    return created.body;
  };

  it('stars a comparison once: it shows in the favourites call under its first prompt, and unstars', async () => {
    const h = visitorHeaders(newVisitorId());
    const session = await newSession(h);
    expect(session.is_favourite).toBe(false);
    const ids = (await call<AllocateIdResponse>('POST', '/chat/messages/allocate-id', h)).body;
    await call('POST', `/compare/sessions/${session.id}/panels/0/messages`, h, {
      message: 'Tides of Lisbon',
      message_id: ids.message_id,
    });

    const starred = await call<CompareSession>(
      'PUT',
      `/compare/sessions/${session.id}/favourite`,
      h,
      { is_favourite: true },
    );
    expect(starred.status).toBe(200);
    expect(starred.body.is_favourite).toBe(true);
    const listed = (await call<CompareListResponse>('GET', '/compare/sessions', h)).body;
    expect(listed.sessions[0]).toMatchObject({ id: session.id, is_favourite: true });

    const favourites = (await call<ConversationListResponse>('GET', FAVOURITES, h)).body;
    expect(favourites.total).toBe(1);
    expect(favourites.conversations[0]).toMatchObject({
      kind: 'comparison',
      comparison_id: session.id,
      title: 'Tides of Lisbon',
      is_favourite: true,
    });
    // The chat list keeps comparisons out by default, starred or not.
    expect(
      (await call<ConversationListResponse>('GET', '/chat/conversations/?is_favourite=true', h))
        .body.total,
    ).toBe(0);

    // Toggling without a body unstars, and clears a panel starred through the chat API too.
    const panel1 = session.panels[1]?.conversation_id ?? '';
    await call('PUT', `/chat/conversations/${panel1}/favourite`, h, { is_favourite: true });
    const toggled = await call<CompareSession>(
      'PUT',
      `/compare/sessions/${session.id}/favourite`,
      h,
    );
    expect(toggled.body.is_favourite).toBe(false);
    expect((await call<ConversationListResponse>('GET', FAVOURITES, h)).body.total).toBe(0);
  });

  it("a blind comparison can be starred without naming its models; another owner's is 404", async () => {
    const h = visitorHeaders(newVisitorId());
    const session = await newSession(h, true);
    const starred = await call<CompareSession>(
      'PUT',
      `/compare/sessions/${session.id}/favourite`,
      h,
      {},
    );
    expect(starred.body).toMatchObject({ is_favourite: true, revealed: false });
    expect(starred.body.panels.every((p) => p.model === null && p.conversation_id === null)).toBe(
      true,
    );

    const user = await registerAndSignIn(t.app);
    for (const stranger of [visitorHeaders(newVisitorId()), bearer(user.accessToken)]) {
      const res = await call('PUT', `/compare/sessions/${session.id}/favourite`, stranger, {});
      expect(res.status).toBe(404);
      expect((await call<ConversationListResponse>('GET', FAVOURITES, stranger)).body.total).toBe(
        0,
      );
    }
    expect(
      (await call<CompareSession>('GET', `/compare/sessions/${session.id}`, h)).body,
    ).toMatchObject({ is_favourite: true });
  });

  it('pages the favourites call by offset, newest activity first, chats and comparisons together', async () => {
    const h = visitorHeaders(newVisitorId());
    const chats: Conversation[] = [];
    for (let i = 0; i < LIMITS.favouritesPageSize + 2; i += 1) {
      const c = (
        await call<Conversation>('POST', '/chat/conversations/', h, { title: `Starred ${i}` })
      ).body;
      await call('PUT', `/chat/conversations/${c.id}/favourite`, h, { is_favourite: true });
      chats.push(c);
    }
    await call('POST', '/chat/conversations/', h, { title: 'Not starred' });
    const session = await newSession(h);
    await call('PUT', `/compare/sessions/${session.id}/favourite`, h, { is_favourite: true });

    const first = (await call<ConversationListResponse>('GET', FAVOURITES, h)).body;
    expect(first).toMatchObject({ total: LIMITS.favouritesPageSize + 3, has_more: true });
    expect(first.conversations).toHaveLength(LIMITS.favouritesPageSize);
    const second = (
      await call<ConversationListResponse>(
        'GET',
        FAVOURITES.replace('offset=0', `offset=${LIMITS.favouritesPageSize}`),
        h,
      )
    ).body;
    expect(second.has_more).toBe(false);
    const seen = [...first.conversations, ...second.conversations].map((c) => c.id);
    expect(new Set(seen).size).toBe(LIMITS.favouritesPageSize + 3);
    expect(seen).toEqual(expect.arrayContaining(chats.map((c) => c.id)));
    expect([...first.conversations, ...second.conversations].every((c) => c.is_favourite)).toBe(
      true,
    );
  });
});
