import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestDatabase,
  isPostgresRun,
  type TestDatabase,
} from '../../../test/database';
import { createDatabase, type DatabaseHandle } from '../database';
import { migrateToLatest } from '../migrate';
import { MARK } from './0115-search-turn-end.postgres-prefixes';

const TEXTS = [
  'Crème brûlée, CRÈME and creme: the same word three times',
  'a an ant ants antelope — short words, one letter, and a-b-c punctuation',
  'x'.repeat(300),
  '',
  'naïve café résumé Ærø straße 東京 12345 ab12cd',
];

describe.skipIf(!isPostgresRun())('0230: search_tsv computed once (PostgreSQL)', () => {
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

  it('gives every text the tsvector of 0115’s form: its words and their 2-4 letter beginnings', async () => {
    for (const text of TEXTS) {
      const { rows } = await sql<{ now: string; before: string }>`
        select search_tsv(${text})::text as now,
          (select v || coalesce(array_to_tsvector(array(
            select distinct ${MARK} || left(l, n) from unnest(tsvector_to_array(v)) l,
              generate_series(2, 4) n where char_length(l) >= n)), ''::tsvector)
           from (select to_tsvector('simple', search_fold(${text})) as v) w)::text as before`.execute(
        handle.db,
      );
      expect(rows[0]?.now).toBe(rows[0]?.before);
    }
    const { rows } = await sql<{ v: string }>`select search_tsv('Crème ants')::text as v`.execute(
      handle.db,
    );
    expect(rows[0]?.v).toBe(`'ants':2 'creme':1 '~an' '~ant' '~ants' '~cr' '~cre' '~crem'`);
  });
});
