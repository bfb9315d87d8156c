import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestDatabase,
  isPostgresRun,
  type TestDatabase,
} from '../../../test/database';
import { createDatabase, type DatabaseHandle } from '../database';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import { MIGRATIONS } from './index';

const AT = '2026-01-01T00:00:00.000Z';

/**
 * A chat's whole life in rows, with ids under `prefix`: running turns, completion, naming,
 * an import, a regenerated and a withdrawn answer, an edited question, a cancelled turn, the
 * vault taking it out and giving it back, a deleted turn and the chat deleted. Answers the documents after each step, ids
 * without the prefix.
 */
async function lifeOfAChat(db: Kysely<Database>, prefix: string): Promise<string[][]> {
  const chat = `${prefix}c`;
  const snapshots: string[][] = [];
  const snapshot = async () => {
    const { rows } = await sql<{ doc: string }>`
      select concat_ws(' ', kind, owner_key, message_id, tsv::text) as doc from search_documents
      where conversation_id = ${chat} order by id`.execute(db);
    snapshots.push(rows.map((r) => r.doc.replaceAll(prefix, '')));
  };
  const turn = (id: string, content: string, status: string, response: string | null) => ({
    id: `${prefix}${id}`,
    visitor_id: `${prefix}visitor`,
    conversation_id: chat,
    content,
    response,
    provider: 'openai',
    model: 'gpt-5',
    model_friendly_name: 'GPT-5',
    status,
    request_id: `${prefix}r-${id}`,
    include_history: 1,
    created_at: AT,
    updated_at: AT,
  });
  const message = (id: string, values: Record<string, string | null>) =>
    db.updateTable('messages').set(values).where('id', '=', `${prefix}${id}`).execute();
  const conversation = (values: { title?: string; search_excluded?: number }) =>
    db.updateTable('conversations').set(values).where('id', '=', chat).execute();

  await db
    .insertInto('conversations')
    .values({
      id: chat,
      visitor_id: `${prefix}visitor`,
      title: 'New chat',
      title_set: 0,
      is_favourite: 0,
      kind: 'regular',
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('messages')
    .values(turn('m1', 'Who keeps the lamp?', 'pending', null))
    .execute();
  await snapshot();
  await message('m1', { status: 'streaming', response: 'A keeper' });
  await snapshot();
  await message('m1', { status: 'completed', response: 'A keeper named Oriel, crème brûlée.' });
  await snapshot();
  await conversation({ title: 'Harbour lighthouse' });
  await snapshot();
  await db
    .insertInto('messages')
    .values(turn('m2', 'And at night?', 'completed', 'Storms over the bay'))
    .execute();
  await snapshot();
  await message('m2', { response: 'Fog rolls in from the sea' });
  await snapshot();
  await message('m1', { content: 'Who lights the lamp at dusk?' });
  await snapshot();
  await message('m2', { status: 'error' });
  await snapshot();
  await db
    .insertInto('messages')
    .values(turn('m3', 'What about gulls?', 'pending', null))
    .execute();
  await message('m3', { status: 'cancelled' });
  await snapshot();
  await conversation({ search_excluded: 1 });
  await snapshot();
  await conversation({ search_excluded: 0 });
  await snapshot();
  await conversation({ title: 'Keepers and gulls' });
  await snapshot();
  await db.deleteFrom('messages').where('id', '=', `${prefix}m3`).execute();
  await snapshot();
  await db.deleteFrom('conversations').where('id', '=', chat).execute();
  await snapshot();
  return snapshots;
}

describe.skipIf(!isPostgresRun())('0240: search triggers planned once (PostgreSQL)', () => {
  let temp: ReturnType<typeof createTempDir>;
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    temp = createTempDir();
    database = await createTestDatabase(temp.dir);
    handle = createDatabase(database.url);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
    temp.remove();
  });

  it('writes the same documents and tsvectors as the functions it replaces, at every step', async () => {
    const now = await lifeOfAChat(handle.db, 'new-');
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    });
    expect((await migrator.migrateTo('0230-search-tsv-once')).error).toBeUndefined();
    const before = await lifeOfAChat(handle.db, 'old-');
    expect(now).toEqual(before);
    // The life above reaches every branch that writes: a word of each step is indexed.
    expect(now.flat().join(' ')).toMatch(/'oriel'.*'harbour'.*'fog'.*'dusk'.*'gulls'.*'keepers'/s);
    expect(now[0]).toEqual([]); // a running turn is not indexed
    expect(now[9]).toEqual([]); // the vault keeps the chat out of the index
    expect(now[12]?.join('\n')).not.toMatch(/ m3 /); // the deleted turn's documents are gone
    expect(now[13]).toEqual([]); // and the deleted chat's documents
  });
});
