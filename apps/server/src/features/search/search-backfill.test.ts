import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchQuery } from '@parallax/contract';
import { createTempDir, createTestDatabase, type TestDatabase } from '../../../test/database';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { MIGRATIONS } from '../../db/migrations';

const BEFORE = '0090-api-keys';

describe('0100 and 0115: existing chats are indexed by the migrations', () => {
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

  it('backfills titles, messages and completed answers, not unfinished ones', async () => {
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const at = '2026-01-01T00:00:00.000Z';
    await handle.db
      .insertInto('conversations')
      .values({
        id: 'c1',
        visitor_id: 'visitor_old',
        title: 'Harbour lighthouse',
        title_set: 1,
        is_favourite: 0,
        kind: 'regular',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const turn = (id: string, content: string, response: string, status: string) => ({
      id,
      visitor_id: 'visitor_old',
      conversation_id: 'c1',
      content,
      response,
      provider: 'openai',
      model: 'gpt-5',
      model_friendly_name: 'GPT-5',
      status,
      request_id: `r-${id}`,
      include_history: 1,
      created_at: at,
      updated_at: at,
    });
    await handle.db
      .insertInto('messages')
      .values([
        turn('m1', 'Who keeps the lamp?', 'A keeper named Oriel.', 'completed'),
        turn('m2', 'And at night?', 'Halfway through a sentence about storms', 'streaming'),
      ])
      .execute();

    // 0100's triggers index a turn's message when it is inserted; 0115 rebuilds the FTS table
    // and indexes it when the turn ends: a turn running across 0115 keeps its one document.
    expect((await migrator.migrateTo('0110-knowledge')).error).toBeUndefined();
    await handle.db
      .insertInto('messages')
      .values(turn('m3', 'What about fog?', '', 'pending'))
      .execute();
    await migrateToLatest(handle.db);
    const search = new SearchService(new SearchRepository(handle.db));
    const owner = { kind: 'visitor', id: 'visitor_old' } as const;
    const found = async (q: string) =>
      (await search.search(owner, SearchQuery.parse({ q }))).hits.map((h) => [
        h.kind,
        h.message_id,
      ]);
    expect(await found('lighthouse')).toEqual([['title', null]]);
    expect(await found('lamp')).toEqual([['message', 'm1']]);
    expect(await found('oriel')).toEqual([['answer', 'm1']]);
    expect(await found('storms')).toEqual([]);
    expect(await found('night')).toEqual([['message', 'm2']]);
    expect(await found('fog')).toEqual([['message', 'm3']]);

    for (const [id, response] of [
      ['m2', 'Storms pass'],
      ['m3', 'Fog horns sound'],
    ] as const)
      await handle.db
        .updateTable('messages')
        .set({ status: 'completed', response })
        .where('id', '=', id)
        .execute();
    expect(await found('night')).toEqual([['message', 'm2']]);
    expect((await found('fog')).sort()).toEqual([
      ['answer', 'm3'],
      ['message', 'm3'],
    ]);
    expect(await found('storms')).toEqual([['answer', 'm2']]);
    // Prefixes are served by 0115's prefix index: two to six characters, and longer.
    for (const q of ['li', 'ligh', 'lighth', 'lightho'])
      expect(await found(q)).toEqual([['title', null]]);
  });
});
