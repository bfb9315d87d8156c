import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import {
  AllocateIdResponse,
  CompareSession,
  ContinueShareResponse,
  HistoryResponse,
  Share,
  ShareListResponse,
} from '@parallax/contract';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { newVisitorId, sendBody, visitorHeaders } from '../../../test/chat';
import { setUpVault, vaultHeaders } from '../../../test/vault';

/*
 * Share links on two app instances over one database (and Redis when the suite has it), like
 * two processes: what one process revokes, the other serves as 404 on the very next request.
 */
describe('share links', () => {
  let sim: ProviderSim;
  let pair: TestAppPair;
  let admin: SignedInUser;
  /** Registration is rate-limited per address: a few accounts serve every test. */
  let owner: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    sim = await startProviderSim({
      port: 0,
      host: '127.0.0.1',
      defaults: { ttftMs: 5, tokensPerSecond: 2_000, lengthTokens: 20 },
    });
    pair = await createTestAppPair({
      env: { OPENAI_API_KEY: 'sk-test-share', OPENAI_BASE_URL: sim.baseUrls.openai },
    });
    admin = await registerAndSignIn(pair.a, { admin: true });
    owner = await registerAndSignIn(pair.a, { name: 'Ada Owner' });
    stranger = await registerAndSignIn(pair.a);
  });
  afterAll(async () => {
    await pair?.close();
    await sim?.close();
  });

  const api = (
    app: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  const page = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: `/share/${token}` });

  /** A chat of `user` with one answered turn per message; its id. */
  async function chatWith(user: SignedInUser, ...messages: string[]): Promise<string> {
    let conversationId: string | undefined;
    for (const message of messages) {
      const res = await api(
        pair.a,
        'POST',
        '/chat/messages',
        bearer(user.accessToken),
        sendBody(message, conversationId ? { conversation_id: conversationId } : {}),
      );
      expect(res.statusCode).toBe(200);
      conversationId = res.json<{ conversation_id: string }>().conversation_id;
    }
    if (!conversationId) throw new Error('no message sent');
    return conversationId;
  }

  /** The panel names the page shows: in the panels' heads, then above each answer. */
  const namesOf = (html: string) =>
    [
      ...html.matchAll(
        /<div class="(?:role|panel-head)"><span>([^<]*)<\/span>|<div class="role">([^<]*)<\/div>/g,
      ),
    ]
      .map((m) => m[1] ?? m[2] ?? '')
      .filter((name) => name !== 'Prompt');

  async function share(user: SignedInUser, sourceId: string, options: object = {}) {
    const res = await api(pair.a, 'POST', '/shares', bearer(user.accessToken), {
      kind: 'conversation',
      source_id: sourceId,
      ...options,
    });
    expect(res.statusCode).toBe(201);
    return Share.parse(res.json());
  }

  it('shares a chat: anyone reads the page without a session, rendered on the server', async () => {
    const chatId = await chatWith(owner, 'Explain $e^{i\\pi}+1=0$ and show `code`');
    const link = await share(owner, chatId);
    expect(link.url).toBe(`${pair.config.appUrl}/share/${link.token}`);

    const res = await page(pair.b, link.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(res.body).toContain('property="og:title"');
    expect(res.body).toContain('class="katex"');
    expect(res.body).toContain(`href="/share/${link.token}/continue"`);
    expect(res.body).toContain('Continue this chat');
    expect(res.body).not.toContain('<script');
    // The owner's name only when they choose it.
    expect(res.body).not.toContain('Ada Owner');
    // KaTeX's stylesheet and fonts are served beside the page, and nothing else of that folder.
    const css = await pair.b.inject({ method: 'GET', url: '/share-assets/katex/katex.min.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    const font = css.body.match(/fonts\/KaTeX_Main-Regular\.woff2/)?.[0];
    expect(font).toBeDefined();
    const fontRes = await pair.b.inject({ method: 'GET', url: `/share-assets/katex/${font}` });
    expect(fontRes.statusCode).toBe(200);
    const script = await pair.b.inject({ method: 'GET', url: '/share-assets/katex/katex.js' });
    expect(script.statusCode).toBe(404);
  });

  it('updates a link: options and a fresh snapshot with the later turns, same token', async () => {
    const chatId = await chatWith(owner, 'first question here');
    const link = await share(owner, chatId);
    expect(link.turn_count).toBe(1);
    await chatWith(owner, 'ignored'); // another chat: no effect on this link
    const more = await api(pair.a, 'POST', '/chat/messages', bearer(owner.accessToken), {
      ...sendBody('second question here'),
      conversation_id: chatId,
    });
    expect(more.statusCode).toBe(200);
    expect((await page(pair.b, link.token)).body).not.toContain('second question here');

    const updated = await api(pair.b, 'PUT', `/shares/${link.id}`, bearer(owner.accessToken), {
      show_owner_name: true,
      allow_indexing: true,
      expiry: '7d',
    });
    expect(updated.statusCode).toBe(200);
    const after = Share.parse(updated.json());
    expect(after.token).toBe(link.token);
    expect(after.turn_count).toBe(2);
    expect(after.expires_at).not.toBeNull();
    const res = await page(pair.a, link.token);
    expect(res.body).toContain('second question here');
    expect(res.body).toContain('Shared by Ada Owner');
    expect(res.body).toContain('<meta name="robots" content="index, follow" />');
    expect(res.headers['x-robots-tag']).toBeUndefined();

    const list = ShareListResponse.parse(
      (await api(pair.b, 'GET', '/shares', bearer(owner.accessToken))).json(),
    );
    expect(list.shares.map((s) => s.id)).toContain(link.id);
    // Another account sees none of it and cannot touch it.
    const theirs = await api(pair.a, 'GET', '/shares', bearer(stranger.accessToken));
    expect(ShareListResponse.parse(theirs.json()).shares).toEqual([]);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await api(
        pair.a,
        method,
        `/shares/${link.id}`,
        bearer(stranger.accessToken),
        method === 'PUT' ? {} : undefined,
      );
      expect(res.statusCode).toBe(404);
    }
    const notTheirs = await api(pair.a, 'POST', '/shares', bearer(stranger.accessToken), {
      kind: 'conversation',
      source_id: chatId,
    });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('attachments: listed and downloadable only when the owner includes them', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(sendBody('read my notes please')))
      form.append(key, String(value));
    form.append('files[]', new Blob(['shared notes body'], { type: 'text/plain' }), 'notes.txt');
    const encoded = new Response(form);
    const sent = await pair.a.inject({
      method: 'POST',
      url: '/api/v1/chat/messages/upload',
      headers: {
        ...bearer(owner.accessToken),
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(sent.statusCode).toBe(200);
    const chatId = sent.json<{ conversation_id: string }>().conversation_id;
    const fileUrl = (token: string) => `/share/${token}/files/0/0`;

    const without = await share(owner, chatId);
    const plain = await page(pair.b, without.token);
    expect(plain.body).not.toContain('notes.txt');
    expect((await pair.b.inject({ method: 'GET', url: fileUrl(without.token) })).statusCode).toBe(
      404,
    );

    const updated = await api(pair.a, 'PUT', `/shares/${without.id}`, bearer(owner.accessToken), {
      include_attachments: true,
    });
    expect(updated.statusCode).toBe(200);
    const withFiles = await page(pair.b, without.token);
    expect(withFiles.body).toContain('notes.txt');
    expect(withFiles.body).toContain(`href="${fileUrl(without.token)}"`);
    const file = await pair.b.inject({ method: 'GET', url: fileUrl(without.token) });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('shared notes body');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    for (const wrong of [
      '/share/x/files/0/0',
      `/share/${without.token}/files/0/1`,
      `/share/${without.token}/files/1/0`,
      `/share/${without.token}/files/-1/0`,
    ])
      expect((await pair.b.inject({ method: 'GET', url: wrong })).statusCode, wrong).toBe(404);
  });

  it('an expired link answers 404 with the friendly page', async () => {
    const link = await share(owner, await chatWith(owner, 'soon gone'), { expiry: '1d' });
    expect((await page(pair.b, link.token)).statusCode).toBe(200);
    await pair.a.db
      .updateTable('shares')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', link.id)
      .execute();
    const res = await page(pair.b, link.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This link is not available');
    expect(res.body).not.toContain('soon gone');
  });

  it('deleting the link, the chat, moving it to the vault or closing the account: 404 at once on the other process', async () => {
    const owner = await registerAndSignIn(pair.a);
    const h = bearer(owner.accessToken);
    const [byLink, byDelete, byVault] = await Promise.all(
      ['link', 'delete', 'vault'].map(async (label) => {
        const chatId = await chatWith(owner, `revoked by ${label}`);
        return { chatId, link: await share(owner, chatId) };
      }),
    );
    if (!byLink || !byDelete || !byVault) throw new Error('three chats');
    for (const { link } of [byLink, byDelete, byVault])
      expect((await page(pair.b, link.token)).statusCode).toBe(200);

    expect((await api(pair.a, 'DELETE', `/shares/${byLink.link.id}`, h)).statusCode).toBe(200);
    expect((await page(pair.b, byLink.link.token)).statusCode).toBe(404);

    const deleted = await api(pair.a, 'DELETE', `/chat/conversations/${byDelete.chatId}`, h);
    expect(deleted.statusCode).toBe(200);
    expect((await page(pair.b, byDelete.link.token)).statusCode).toBe(404);

    const vault = await setUpVault(pair.a, owner.accessToken);
    const moved = await api(
      pair.a,
      'POST',
      '/vault/chats',
      vaultHeaders(owner.accessToken, vault.vault_token),
      { conversation_id: byVault.chatId },
    );
    expect(moved.statusCode).toBe(200);
    expect((await page(pair.b, byVault.link.token)).statusCode).toBe(404);
    // A vault chat cannot be shared: to its owner it is no longer a chat they can name.
    const refused = await api(pair.b, 'POST', '/shares', h, {
      kind: 'conversation',
      source_id: byVault.chatId,
    });
    expect(refused.statusCode).toBe(404);
    expect(ShareListResponse.parse((await api(pair.b, 'GET', '/shares', h)).json()).shares).toEqual(
      [],
    );

    const other = await registerAndSignIn(pair.a);
    const kept = await share(other, await chatWith(other, 'closing soon'));
    expect((await page(pair.b, kept.token)).statusCode).toBe(200);
    const closed = await api(pair.a, 'DELETE', '/users/me', bearer(other.accessToken));
    expect(closed.statusCode).toBe(200);
    expect((await page(pair.b, kept.token)).statusCode).toBe(404);
  });

  it('a blind comparison stays blind unless the owner reveals its models', async () => {
    const h = bearer(owner.accessToken);
    const ids = AllocateIdResponse.parse(
      (
        await api(pair.a, 'POST', '/chat/messages/allocate-id?allocate_comparison_id=true', h)
      ).json(),
    );
    const created = await api(pair.a, 'POST', '/compare/sessions', h, {
      comparison_id: ids.comparison_id,
      models: ['gpt-5', 'gpt-5-mini'],
      blind: true,
    });
    expect(created.statusCode).toBe(201);
    const session = CompareSession.parse(created.json());
    for (const panel of session.panels) {
      const id = AllocateIdResponse.parse(
        (await api(pair.a, 'POST', '/chat/messages/allocate-id', h)).json(),
      );
      const sent = await api(
        pair.a,
        'POST',
        `/compare/sessions/${session.id}/panels/${panel.index}/messages`,
        h,
        { message: 'blind prompt please', message_id: id.message_id },
      );
      expect(sent.statusCode).toBe(200);
    }
    const created2 = await api(pair.a, 'POST', '/shares', h, {
      kind: 'comparison',
      source_id: session.id,
    });
    expect(created2.statusCode).toBe(201);
    const link = Share.parse(created2.json());
    const blind = await page(pair.b, link.token);
    expect(blind.statusCode).toBe(200);
    expect(blind.body).toContain('Model A');
    expect(blind.body).toContain('blind prompt please');
    // The page names the panels by letter only (the simulated answers name their model
    // themselves, which is the answer's text, not the page's).
    expect(namesOf(blind.body)).toEqual(['Model A', 'Model B', 'Model A', 'Model B']);
    const stored = await pair.a.db
      .selectFrom('shares')
      .select('snapshot')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    const panels = (JSON.parse(stored.snapshot) as { panels: unknown[] }).panels;
    expect(panels).toEqual([
      { label: 'Model A', model_friendly_name: null, provider: null },
      { label: 'Model B', model_friendly_name: null, provider: null },
    ]);

    const revealed = await api(pair.a, 'PUT', `/shares/${link.id}`, h, { reveal_models: true });
    expect(revealed.statusCode).toBe(200);
    const names = namesOf((await page(pair.b, link.token)).body);
    expect(names).toHaveLength(4);
    expect(names.filter((n) => n.startsWith('Model '))).toEqual([]);
    // Revealing on the page leaves the comparison itself blind (its vote is still to come).
    const own = CompareSession.parse(
      (await api(pair.a, 'GET', `/compare/sessions/${session.id}`, h)).json(),
    );
    expect(own.revealed).toBe(false);
    // Continuing a comparison carries on one panel's thread as a chat.
    const visitorId = newVisitorId();
    const copied = await api(
      pair.b,
      'POST',
      `/shares/${link.token}/continue`,
      visitorHeaders(visitorId),
      { panel: 1 },
    );
    expect(copied.statusCode).toBe(201);
    const copyId = ContinueShareResponse.parse(copied.json()).conversation_id;
    const thread = HistoryResponse.parse(
      (
        await api(
          pair.a,
          'GET',
          `/chat/messages?conversation_id=${copyId}`,
          visitorHeaders(visitorId),
        )
      ).json(),
    );
    expect(thread.messages.map((m) => m.content)).toEqual(['blind prompt please']);
  });

  it('continues a shared chat as a visitor and as a user: a new chat of their own', async () => {
    const chatId = await chatWith(owner, 'carry this on');
    const link = await share(owner, chatId);

    const visitorId = newVisitorId();
    const res = await api(
      pair.b,
      'POST',
      `/shares/${link.token}/continue`,
      visitorHeaders(visitorId),
    );
    expect(res.statusCode).toBe(201);
    const { conversation_id: copyId } = ContinueShareResponse.parse(res.json());
    expect(copyId).not.toBe(chatId);
    const history = HistoryResponse.parse(
      (
        await api(
          pair.a,
          'GET',
          `/chat/messages?conversation_id=${copyId}`,
          visitorHeaders(visitorId),
        )
      ).json(),
    );
    expect(history.messages.map((m) => m.content)).toEqual([
      expect.stringContaining('carry this on'),
    ]);
    expect(history.messages[0]?.response).toBeTruthy();
    // The visitor can carry on talking in their copy.
    const next = await api(pair.a, 'POST', '/chat/messages', visitorHeaders(visitorId), {
      ...sendBody('and then?'),
      conversation_id: copyId,
    });
    expect(next.statusCode).toBe(200);
    // The owner's chat is untouched, and not the visitor's.
    const ownerHistory = HistoryResponse.parse(
      (
        await api(
          pair.a,
          'GET',
          `/chat/messages?conversation_id=${chatId}`,
          bearer(owner.accessToken),
        )
      ).json(),
    );
    expect(ownerHistory.messages).toHaveLength(1);
    const peek = await api(
      pair.a,
      'GET',
      `/chat/conversations/${chatId}`,
      visitorHeaders(visitorId),
    );
    expect(peek.statusCode).toBe(404);

    const asUser = await api(
      pair.a,
      'POST',
      `/shares/${link.token}/continue`,
      bearer(stranger.accessToken),
    );
    expect(asUser.statusCode).toBe(201);
    // Nobody: continue needs a visitor id or a session.
    expect((await api(pair.a, 'POST', `/shares/${link.token}/continue`, {})).statusCode).toBe(401);
  });

  it('the flag off refuses new links and hides existing ones; admins remove any link', async () => {
    const chatId = await chatWith(owner, 'flagged chat');
    const link = await share(owner, chatId);
    const flag = (enabled: boolean) =>
      api(pair.a, 'PUT', '/admin/feature-flags/sharing', bearer(admin.accessToken), { enabled });

    expect((await flag(false)).statusCode).toBe(200);
    try {
      expect((await page(pair.b, link.token)).statusCode).toBe(404);
      const refused = await api(pair.b, 'POST', '/shares', bearer(owner.accessToken), {
        kind: 'conversation',
        source_id: chatId,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: 'feature_disabled' });
      const visitor = newVisitorId();
      const cont = await api(
        pair.b,
        'POST',
        `/shares/${link.token}/continue`,
        visitorHeaders(visitor),
      );
      expect(cont.statusCode).toBe(404);
    } finally {
      expect((await flag(true)).statusCode).toBe(200);
    }
    expect((await page(pair.b, link.token)).statusCode).toBe(200);

    const notAdmin = await api(
      pair.a,
      'DELETE',
      `/admin/shares/${link.id}`,
      bearer(owner.accessToken),
    );
    expect(notAdmin.statusCode).toBe(403);
    const listed = await api(pair.a, 'GET', '/admin/shares', bearer(admin.accessToken));
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain(link.token);
    const removed = await api(
      pair.a,
      'DELETE',
      `/admin/shares/${link.id}`,
      bearer(admin.accessToken),
    );
    expect(removed.statusCode).toBe(200);
    expect((await page(pair.b, link.token)).statusCode).toBe(404);
  });

  it('tokens are 256 random bits, stored only hashed and sealed; nothing answers to a guess', async () => {
    const links = await Promise.all(
      ['one', 'two', 'three'].map(async (n) => share(owner, await chatWith(owner, `token ${n}`))),
    );
    for (const link of links) {
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(links.map((l) => l.token)).size).toBe(3);
    const rows = await pair.a.db.selectFrom('shares').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const link of links) expect(stored).not.toContain(link.token);

    // Guesses, near misses, ids and other shapes all get the one friendly 404.
    const first = links[0];
    if (!first) throw new Error('three links');
    const nearMiss = `${first.token.slice(0, -1)}${first.token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [
      randomBytes(32).toString('base64url'),
      nearMiss,
      first.id,
      randomUUID(),
      '1',
      first.token.slice(0, 20),
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await page(pair.b, guess);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link is not available');
    }
    // The token opens the page and the copy, nothing of the owner's API.
    const asBearer = await api(pair.a, 'GET', '/shares', bearer(first.token));
    expect(asBearer.statusCode).toBe(401);
    const asVisitor = await api(pair.a, 'GET', '/chat/conversations', visitorHeaders(first.token));
    expect([400, 401, 422]).toContain(asVisitor.statusCode);
  });
});
