import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, sendBody, type ChatTestApp } from '../../../test/chat';
import { createChat, hitsFor, insertTurn, newVisitor } from './search.test-support';

/** The index follows the rows: sends, completion, renames, deletes, claims, the vault flag. */
describe('search index upkeep', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  async function waitForStatus(messageId: string, status: string): Promise<void> {
    for (let i = 0; i < 200; i += 1) {
      const row = await t.app.db
        .selectFrom('messages')
        .select('status')
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (row?.status === status) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`message ${messageId} never reached ${status}`);
  }

  it('indexes a sent message and its answer together when the turn completes', async () => {
    const { headers } = newVisitor();
    const body = sendBody('Describe the migration of arctic terns');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers,
      payload: body,
    });
    expect(sent.statusCode).toBe(200);
    const id = body.message_id as string;
    await waitForStatus(id, 'completed');
    expect((await hitsFor(t.app, headers, { q: 'terns', kind: 'message' }))[0]?.message_id).toBe(
      id,
    );
    const response = (
      await t.app.db
        .selectFrom('messages')
        .select('response')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).response;
    // A word of the answer that the question does not have.
    const word = (response ?? '')
      .match(/\b[a-z]{6,}\b/g)
      ?.find((w) => !/describe|migration|arctic|terns/i.test(w));
    expect(word).toBeDefined();
    const answers = await hitsFor(t.app, headers, { q: word ?? '', kind: 'answer' });
    expect(answers.map((h) => h.message_id)).toContain(id);
  });

  it('indexes a running turn when it ends, also when it fails or is cancelled', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Running' });
    const failed = await insertTurn(t.app, chat, owner, {
      content: 'wombat one',
      status: 'pending',
    });
    const cancelled = await insertTurn(t.app, chat, owner, {
      content: 'wombat two',
      status: 'streaming',
    });
    expect(await hitsFor(t.app, headers, { q: 'wombat' })).toEqual([]);
    const end = (id: string, status: string) =>
      t.app.db.updateTable('messages').set({ status }).where('id', '=', id).execute();
    await end(failed, 'error');
    await end(cancelled, 'cancelled');
    const hits = await hitsFor(t.app, headers, { q: 'wombat' });
    expect(hits.map((h) => [h.kind, h.message_id]).sort()).toEqual(
      [
        ['message', cancelled],
        ['message', failed],
      ].sort(),
    );
    // Run again (a retry) and ending again: still one document per message.
    await end(failed, 'pending');
    await end(failed, 'completed');
    expect((await hitsFor(t.app, headers, { q: 'wombat one' })).length).toBe(1);
  });

  it('leaves a streaming answer out until it completes', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Draft' });
    const id = await insertTurn(t.app, chat, owner, {
      content: 'question',
      response: 'partial zorblax',
      status: 'streaming',
    });
    expect(await hitsFor(t.app, headers, { q: 'zorblax' })).toEqual([]);
    await t.app.db
      .updateTable('messages')
      .set({ response: 'partial zorblax and more', status: 'streaming' })
      .where('id', '=', id)
      .execute();
    expect(await hitsFor(t.app, headers, { q: 'zorblax' })).toEqual([]);
    await t.app.db
      .updateTable('messages')
      .set({ response: 'final zorblax answer', status: 'completed' })
      .where('id', '=', id)
      .execute();
    const hits = await hitsFor(t.app, headers, { q: 'zorblax' });
    expect(hits.map((h) => [h.kind, h.message_id, h.snippet])).toEqual([
      ['answer', id, 'final zorblax answer'],
    ]);
    // A completed answer edited (a later feature) is indexed as it now reads.
    await t.app.db
      .updateTable('messages')
      .set({ response: 'rewritten quokka' })
      .where('id', '=', id)
      .execute();
    expect(await hitsFor(t.app, headers, { q: 'zorblax' })).toEqual([]);
    expect((await hitsFor(t.app, headers, { q: 'quokka' })).length).toBe(1);
  });

  it('indexes a chat once it is named, not under the placeholder every new chat has', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, {});
    expect(chat.title).toBe('New chat');
    await insertTurn(t.app, chat, owner, { content: 'lanterns' });
    expect(await hitsFor(t.app, headers, { q: 'new chat' })).toEqual([]);
    await t.app.conversations.nameFromFirstMessage(chat.id, 'Paper lanterns at dusk');
    const titles = await hitsFor(t.app, headers, { q: 'lanterns', kind: 'title' });
    expect(titles.map((h) => h.conversation_title)).toEqual(['Paper lanterns at dusk']);
  });

  it('follows renames and forgets deleted chats', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Old name' });
    await insertTurn(t.app, chat, owner, { content: 'gondola', response: 'gondola' });
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/chat/conversations/${chat.id}`,
      headers,
      payload: { title: 'Venice canals' },
    });
    expect(rename.statusCode).toBe(200);
    expect(await hitsFor(t.app, headers, { q: 'old name' })).toEqual([]);
    const [title] = await hitsFor(t.app, headers, { q: 'canals' });
    expect(title).toMatchObject({
      kind: 'title',
      conversation_title: 'Venice canals',
      snippet: 'Venice canals',
    });
    expect((await hitsFor(t.app, headers, { q: 'gondola' })).length).toBe(2);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/conversations/?search=venice',
      headers,
    });
    expect(list.json<{ conversations: { id: string }[] }>().conversations.map((c) => c.id)).toEqual(
      [chat.id],
    );

    await t.app.inject({ method: 'DELETE', url: `/api/v1/chat/conversations/${chat.id}`, headers });
    expect(await hitsFor(t.app, headers, { q: 'gondola' })).toEqual([]);
    expect(await hitsFor(t.app, headers, { q: 'venice' })).toEqual([]);
    const left = await t.app.db
      .selectFrom('search_documents')
      .select('id')
      .where('conversation_id', '=', chat.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("moves a visitor's index rows to the account that claims them", async () => {
    const v = newVisitor();
    const chat = await createChat(t.app, v.headers, { title: 'Before signing up' });
    await insertTurn(t.app, chat, v.owner, { content: 'marmalade recipe' });
    const { accessToken } = await registerAndSignIn(t.app, { visitorId: v.id });
    expect(
      (await hitsFor(t.app, bearer(accessToken), { q: 'marmalade' })).map((h) => h.conversation_id),
    ).toEqual([chat.id]);
    expect(await hitsFor(t.app, v.headers, { q: 'marmalade' })).toEqual([]);
  });

  it('keeps an excluded chat out of the index entirely, and back in when the flag clears', async () => {
    const { headers, owner } = newVisitor();
    const chat = await createChat(t.app, headers, { title: 'Secret vault' });
    await insertTurn(t.app, chat, owner, { content: 'pinecone', response: 'pinecone' });
    const exclude = (flag: number) =>
      t.app.db
        .updateTable('conversations')
        .set({ search_excluded: flag })
        .where('id', '=', chat.id)
        .execute();
    const rows = () =>
      t.app.db
        .selectFrom('search_documents')
        .select('kind')
        .where('conversation_id', '=', chat.id)
        .execute();

    await exclude(1);
    expect(await rows()).toEqual([]);
    await insertTurn(t.app, chat, owner, { content: 'acorn', response: 'acorn' });
    await t.app.db
      .updateTable('conversations')
      .set({ title: 'Still secret' })
      .where('id', '=', chat.id)
      .execute();
    expect(await rows()).toEqual([]);
    for (const q of ['pinecone', 'acorn', 'secret'])
      expect(await hitsFor(t.app, headers, { q })).toEqual([]);

    await exclude(0);
    expect((await hitsFor(t.app, headers, { q: 'acorn' })).length).toBe(2);
    expect((await hitsFor(t.app, headers, { q: 'still secret' })).map((h) => h.kind)).toEqual([
      'title',
    ]);
  });

  it('takes knowledge chunks through the index writer, for their owner only', async () => {
    const alice = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    const projectId = randomUUID();
    const sourceId = randomUUID();
    await t.app.searchIndex.indexChunks({
      userId: alice.user.id,
      projectId,
      sourceId,
      sourceName: 'handbook.md',
      texts: ['Onboarding: every engineer gets a yubikey.', 'Expenses are filed monthly.'],
    });
    const [hit] = await hitsFor(t.app, bearer(alice.accessToken), { q: 'yubikey' });
    expect(hit).toMatchObject({
      kind: 'knowledge',
      conversation_id: null,
      message_id: null,
      project_id: projectId,
      source_id: sourceId,
      source_name: 'handbook.md',
    });
    expect(await hitsFor(t.app, bearer(bob.accessToken), { q: 'yubikey' })).toEqual([]);
    expect(
      (
        await hitsFor(t.app, bearer(alice.accessToken), {
          q: 'yubikey',
          kind: 'knowledge',
          project_id: projectId,
        })
      ).length,
    ).toBe(1);

    const found = await t.app.searchIndex.findKnowledge(
      alice.user.id,
      projectId,
      'how are expenses filed?',
      5,
    );
    expect(found.map((f) => [f.sourceName, f.text])).toEqual([
      ['handbook.md', 'Expenses are filed monthly.'],
    ]);
    expect(await t.app.searchIndex.findKnowledge(bob.user.id, projectId, 'expenses', 5)).toEqual(
      [],
    );
    expect(
      await t.app.searchIndex.findKnowledge(alice.user.id, randomUUID(), 'expenses', 5),
    ).toEqual([]);

    expect(await t.app.searchIndex.removeChunks(bob.user.id, sourceId)).toBe(0);
    expect(await t.app.searchIndex.removeChunks(alice.user.id, sourceId)).toBe(2);
    expect(await hitsFor(t.app, bearer(alice.accessToken), { q: 'yubikey' })).toEqual([]);
  });
});
