import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createChatTestApp, type ChatTestApp } from '../../../test/chat';
import { isPostgresRun } from '../../../test/database';
import { findNewest, type CandidatePlan } from './search-candidates.postgres';
import { createChat, insertTurn, newVisitor } from './search.test-support';

/**
 * The three ways to the newest matches give the same documents as the plain query would:
 * windows are made small so that 40 turns take each way.
 */
describe.skipIf(!isPostgresRun())('newest matches on PostgreSQL', () => {
  let t: ChatTestApp;
  const visitor = newVisitor();
  const owner = `v:${visitor.id}`;
  beforeAll(async () => {
    t = await createChatTestApp();
    const chat = await createChat(t.app, visitor.headers, { title: 'Walks' });
    for (let i = 0; i < 40; i += 1) {
      const words = ['everywhere', i % 4 === 0 ? 'sometimes' : '', i === 7 ? 'seldom' : ''];
      await insertTurn(t.app, chat, visitor.owner, { content: words.join(' '), response: null });
    }
    // Another owner's matches must never count.
    const other = newVisitor();
    const theirs = await createChat(t.app, other.headers, { title: 'Theirs' });
    await insertTurn(t.app, theirs, other.owner, { content: 'everywhere sometimes seldom' });
  });
  afterAll(() => t.close());

  async function expected(word: string, limit: number): Promise<number[]> {
    const { rows } = await sql<{ id: string }>`select id from search_documents
      where owner_key = ${owner} and tsv @@ search_query(${[word]}::text[], false, false)
      order by id desc limit ${limit}`.execute(t.app.db);
    return rows.map((r) => Number(r.id));
  }

  it.each<[string, CandidatePlan]>([
    ['everywhere', 'walk'],
    ['sometimes', 'index'],
    ['seldom', 'index'],
  ])('finds %s by %s', async (word, plan) => {
    const query = {
      owner,
      query: sql`search_query(${[word]}::text[], false, false)`,
      rankQuery: sql`search_rank_query(${[word]}::text[], false, false)`,
      joins: sql``,
      conditions: [],
      limit: 6,
    };
    const result = await findNewest(t.app.db, query, { probe: 4, maxWalk: 12 });
    expect(result.plan).toBe(plan);
    expect(result.found.map((c) => c.id)).toEqual(await expected(word, 6));
    expect(result.found.every((c) => c.rank > 0)).toBe(true);
    // A window larger than the owner's documents settles it at the first look.
    const small = await findNewest(t.app.db, query, { probe: 1_000, maxWalk: 12 });
    expect(small.plan).toBe('probe');
    expect(small.found.map((c) => c.id)).toEqual(await expected(word, 6));
  });
});
