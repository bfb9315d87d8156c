import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, type ChatTestApp } from '../../../test/chat';
import { createChat, hitsFor, insertTurn, newVisitor, searchAs } from './search.test-support';

/** GET /api/v1/search: ranking, matching, owners, hostile text, filters and paging. */
describe('history search', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  it('ranks the text that says the word most above a passing mention, and marks it', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Notes' });
    const passing = await insertTurn(t.app, chat, owner, {
      content: 'A long question about gardens, soil, weather, tools and one heron in the pond',
    });
    const focused = await insertTurn(t.app, chat, owner, {
      content: 'Heron heron heron: why do herons stand still?',
    });
    const hits = await hitsFor(t.app, headers, { q: 'heron' });
    expect(hits.map((h) => h.message_id)).toEqual([focused, passing]);
    expect(hits[0]?.rank).toBeGreaterThan(hits[1]?.rank ?? Infinity);
    const first = hits[0];
    expect(first).toMatchObject({
      kind: 'message',
      conversation_id: chat.id,
      conversation_title: 'Notes',
    });
    const marked = first?.highlights.map((h) => first.snippet.slice(h.start, h.end));
    // The last word is a prefix while typing: herons counts too.
    expect(marked).toEqual(['Heron', 'heron', 'heron', 'herons']);
  });

  it('matches the last word as a prefix while typing, whole words otherwise', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Physics' });
    const id = await insertTurn(t.app, chat, owner, {
      content: 'Explain quantum entanglement simply',
    });
    expect(
      (await hitsFor(t.app, headers, { q: 'quantum entang' })).map((h) => h.message_id),
    ).toEqual([id]);
    expect(await hitsFor(t.app, headers, { q: 'entang ' })).toEqual([]);
    expect(await hitsFor(t.app, headers, { q: 'antum' })).toEqual([]);
    // Past the indexed prefix length (4): texts that only share the first 4 letters drop out.
    const other = await insertTurn(t.app, chat, owner, { content: 'entangled entrances' });
    for (const [q, ids] of [
      ['enta', [id, other]],
      ['entan', [id, other]],
      ['entangle', [id, other]],
      ['entanglem', [id]],
      ['entr', [other]],
      ['entrances', [other]],
      ['entrancex', []],
    ] as const)
      expect((await hitsFor(t.app, headers, { q })).map((h) => h.message_id).sort(), q).toEqual(
        [...ids].sort(),
      );
    const [hit] = await hitsFor(t.app, headers, { q: 'EXPLAIN quant' });
    expect(hit?.highlights.map((h) => hit.snippet.slice(h.start, h.end))).toEqual([
      'Explain',
      'quantum',
    ]);
  });

  it('ignores case and accents on both sides', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Desserts' });
    const id = await insertTurn(t.app, chat, owner, { content: 'Une CRÈME BRÛLÉE à Genève' });
    for (const q of ['creme brulee', 'Crème Brûlée', 'GENEVE', 'geneve a une'])
      expect(
        (await hitsFor(t.app, headers, { q })).map((h) => h.message_id),
        q,
      ).toEqual([id]);
  });

  it('finds completed answers and says which side matched', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Cooking' });
    const id = await insertTurn(t.app, chat, owner, {
      content: 'How long do I boil an egg?',
      response: 'Nine minutes for a firm yolk; seven for a jammy one.',
    });
    const [answer] = await hitsFor(t.app, headers, { q: 'jammy' });
    expect(answer).toMatchObject({ kind: 'answer', message_id: id });
    expect(answer?.snippet).toContain('jammy');
    expect(await hitsFor(t.app, headers, { q: 'jammy', kind: 'message' })).toEqual([]);
    expect((await hitsFor(t.app, headers, { q: 'egg', kind: 'message' }))[0]?.kind).toBe('message');
    expect(await hitsFor(t.app, headers, { q: 'egg', kind: 'answer' })).toEqual([]);
    expect((await hitsFor(t.app, headers, { q: 'cooking', kind: 'title' }))[0]).toMatchObject({
      kind: 'title',
      message_id: null,
      conversation_id: chat.id,
    });
  });

  it("never returns another owner's rows: user and user, visitor and user", async () => {
    const alice = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    const v = newVisitor();
    const owners = [
      { headers: bearer(alice.accessToken), owner: { user_id: alice.user.id, visitor_id: null } },
      { headers: bearer(bob.accessToken), owner: { user_id: bob.user.id, visitor_id: null } },
      v,
    ];
    const ids: string[] = [];
    for (const { headers, owner } of owners) {
      const chat = await createChat(t.app, headers, { title: 'Shared word xylograph' });
      ids.push(
        await insertTurn(t.app, chat, owner, {
          content: 'xylograph prints',
          response: 'xylograph',
        }),
      );
    }
    for (const [i, { headers }] of owners.entries()) {
      const hits = await hitsFor(t.app, headers, { q: 'xylograph', limit: '50' });
      // The message and its answer are two hits of the same turn.
      expect(hits.filter((h) => h.kind !== 'title').map((h) => h.message_id)).toEqual([
        ids[i],
        ids[i],
      ]);
      expect(new Set(hits.map((h) => h.conversation_id)).size).toBe(1);
    }
    expect((await searchAs(t.app, {}, { q: 'xylograph' })).status).toBe(401);
  });

  it('treats query syntax and hostile text as words, and empty text as nothing', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Syntax' });
    const id = await insertTurn(t.app, chat, owner, {
      content: 'near or not: the title said "stars" - maybe',
    });
    const hostile = [
      '"',
      '"unterminated',
      '*',
      'stars*',
      '-stars',
      'title:stars',
      'NEAR(stars maybe)',
      'stars OR nothing',
      'stars AND',
      '^stars',
      '(((',
      "'; drop table messages; --",
      '{title}: stars',
      '\\',
      '%_',
      'a'.repeat(10_000),
      'stars '.repeat(1_666),
      '💥🙂',
      '\u202e\u200b',
    ];
    for (const q of hostile) {
      const { status, body } = await searchAs(t.app, headers, { q });
      expect(status, q.slice(0, 40)).toBe(200);
      expect(Array.isArray(body.hits)).toBe(true);
    }
    expect((await hitsFor(t.app, headers, { q: 'title:stars' })).map((h) => h.message_id)).toEqual([
      id,
    ]);
    expect((await hitsFor(t.app, headers, { q: 'NEAR OR' })).map((h) => h.message_id)).toEqual([
      id,
    ]);
    expect((await hitsFor(t.app, headers, { q: '-stars' })).map((h) => h.message_id)).toEqual([id]);
    for (const q of ['', '   ', '"" * - : ()', '...'])
      expect((await searchAs(t.app, headers, { q })).body).toEqual({ hits: [], next_cursor: null });
    // NUL separates words like any punctuation (it never reaches PostgreSQL, which cannot hold it).
    for (const q of ['stars\u0000', '\u0000stars\u0000maybe', '\u0000'])
      expect((await searchAs(t.app, headers, { q })).status, JSON.stringify(q)).toBe(200);
    expect(
      (await hitsFor(t.app, headers, { q: 'stars\u0000maybe' })).map((h) => h.message_id),
    ).toEqual([id]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/conversations/?search=${encodeURIComponent('stars\u0000')}`,
      headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ conversations: { id: string }[] }>().conversations.map((c) => c.id)).toEqual(
      [chat.id],
    );
    expect((await searchAs(t.app, headers, { q: 'x'.repeat(10_001) })).status).toBe(422);
  });

  it('pages with a cursor, without repeats, and bounds the page size', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Pages' });
    for (let i = 0; i < 23; i += 1)
      await insertTurn(t.app, chat, owner, { content: `walrus number ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params: Record<string, string> = {
        q: 'walrus',
        limit: '10',
        ...(cursor ? { cursor } : {}),
      };
      const { body } = await searchAs(t.app, headers, params);
      seen.push(...body.hits.map((h) => h.message_id ?? ''));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(23);
    expect((await hitsFor(t.app, headers, { q: 'walrus' })).length).toBe(20);
    expect((await searchAs(t.app, headers, { q: 'walrus', limit: '51' })).status).toBe(422);
    expect((await searchAs(t.app, headers, { q: 'walrus', cursor: 'not-a-cursor' })).status).toBe(
      422,
    );
  });

  it('filters by project, favourite, chat kind, provider and model, kind and dates', async () => {
    const { user, accessToken } = await registerAndSignIn(t.app);
    const headers = bearer(accessToken);
    const owner = { user_id: user.id, visitor_id: null };
    const project = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers,
        payload: { name: 'Birds' },
      })
    ).json<{ id: string }>();
    const inProject = await createChat(t.app, headers, { title: 'One', project_id: project.id });
    const loose = await createChat(t.app, headers, { title: 'Two' });
    const comparison = await createChat(t.app, headers, { title: 'Three', kind: 'comparison' });
    const a = await insertTurn(t.app, inProject, owner, {
      content: 'kestrel',
      createdAt: '2026-01-10T00:00:00.000Z',
    });
    const b = await insertTurn(t.app, loose, owner, {
      content: 'kestrel',
      createdAt: '2026-02-10T00:00:00.000Z',
    });
    const c = await insertTurn(t.app, comparison, owner, {
      content: 'kestrel',
      createdAt: '2026-03-10T00:00:00.000Z',
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/chat/conversations/${loose.id}/favourite`,
      headers,
      payload: {},
    });
    const ids = async (params: Record<string, string>) =>
      (await hitsFor(t.app, headers, { q: 'kestrel', ...params })).map((h) => h.message_id).sort();

    expect(await ids({})).toEqual([a, b, c].sort());
    expect(await ids({ project_id: project.id })).toEqual([a]);
    expect(await ids({ is_favourite: 'true' })).toEqual([b]);
    expect((await ids({ is_favourite: 'false' })).sort()).toEqual([a, c].sort());
    expect(await ids({ conversation_kind: 'comparison' })).toEqual([c]);
    expect((await ids({ provider: 'openai', model: 'gpt-5-mini' })).length).toBe(3);
    expect(await ids({ provider: 'anthropic' })).toEqual([]);
    expect(await ids({ from: '2026-02-01T00:00:00Z', to: '2026-03-01T00:00:00+00:00' })).toEqual([
      b,
    ]);
    expect(await ids({ from: '2026-03-10T01:00:00+02:00' })).toEqual([c]);
    // Another user's project id filters to nothing rather than to their chats.
    const other = await registerAndSignIn(t.app);
    expect(
      await hitsFor(t.app, bearer(other.accessToken), { q: 'kestrel', project_id: project.id }),
    ).toEqual([]);
  });
});
