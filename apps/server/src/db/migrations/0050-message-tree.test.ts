import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, createTestDatabase, type TestDatabase } from '../../../test/database';
import { createDatabase, type DatabaseHandle } from '../database';
import { migrateToLatest } from '../migrate';
import { MIGRATIONS } from './index';

const BEFORE = '0040-attachments-storage-name';

describe('0050: linear conversations become one branch', () => {
  const temp = createTempDir();
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(temp.dir);
    handle = createDatabase(database.url);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
    temp.remove();
  });

  it('gives each turn the one before it as parent and the last turn as the current leaf', async () => {
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    });
    const { error } = await migrator.migrateTo(BEFORE);
    expect(error).toBeUndefined();

    const db = handle.db.withoutPlugins();
    const at = (second: number) => `2026-01-01T00:00:0${second}.000Z`;
    const conversation = (id: string) => ({
      id,
      visitor_id: 'visitor_x',
      title: id,
      title_set: 0,
      is_favourite: 0,
      kind: 'regular',
      created_at: at(0),
      updated_at: at(0),
    });
    await db
      .insertInto('conversations')
      .values([conversation('c1'), conversation('c2'), conversation('empty')])
      .execute();
    const turn = (id: string, conversationId: string, second: number) => ({
      id,
      visitor_id: 'visitor_x',
      conversation_id: conversationId,
      content: id,
      provider: 'openai',
      model: 'gpt-5',
      model_friendly_name: 'GPT-5',
      status: 'completed',
      request_id: `r-${id}`,
      include_history: 1,
      created_at: at(second),
      updated_at: at(second),
    });
    // Two turns in the same millisecond keep their id order, as history showed them.
    await db
      .insertInto('messages')
      .values([
        turn('a3', 'c1', 3),
        turn('a1', 'c1', 1),
        turn('a2b', 'c1', 2),
        turn('a2a', 'c1', 2),
        turn('b1', 'c2', 5),
      ])
      .execute();

    await migrateToLatest(handle.db);

    const messages = await handle.db
      .selectFrom('messages')
      .select(['id', 'parent_id', 'chosen_at', 'created_at'])
      .orderBy('id')
      .execute();
    expect(messages.map((m) => [m.id, m.parent_id])).toEqual([
      ['a1', null],
      ['a2a', 'a1'],
      ['a2b', 'a2a'],
      ['a3', 'a2b'],
      ['b1', null],
    ]);
    expect(messages.every((m) => m.chosen_at === m.created_at)).toBe(true);
    const leaves = await handle.db
      .selectFrom('conversations')
      .select(['id', 'current_leaf_id'])
      .orderBy('id')
      .execute();
    expect(leaves).toEqual([
      { id: 'c1', current_leaf_id: 'a3' },
      { id: 'c2', current_leaf_id: 'b1' },
      { id: 'empty', current_leaf_id: null },
    ]);
  });
});
