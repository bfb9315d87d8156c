import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, createTestDatabase, type TestDatabase } from '../../test/database';
import { createDatabase, type DatabaseHandle } from './database';
import { GroupCommit } from './group-commit';

interface Notes {
  notes: { id: number; text: string };
}

describe('GroupCommit (on the configured database)', () => {
  let temp: ReturnType<typeof createTempDir>;
  let database: TestDatabase;
  let writer: DatabaseHandle;
  let reader: DatabaseHandle;
  let db: Kysely<Notes>;

  const committedCount = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from notes`.execute(reader.db)).rows[0]?.n,
    );
  const insert = (trx: Kysely<Notes>, id: number) =>
    trx
      .insertInto('notes')
      .values({ id, text: `note ${id}` })
      .execute();

  beforeEach(async () => {
    temp = createTempDir();
    database = await createTestDatabase(temp.dir);
    writer = createDatabase(database.url);
    reader = createDatabase(database.url);
    db = writer.db as unknown as Kysely<Notes>;
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
  });

  afterEach(async () => {
    await writer.close();
    await reader.close();
    await database.drop();
    temp.remove();
  });

  it('commits units that arrive together once, in arrival order', async () => {
    const group = new GroupCommit(db);
    const seenByOthers: number[] = [];
    const results = await Promise.all(
      [1, 2, 3].map((id) =>
        group.run(async (trx) => {
          await insert(trx, id);
          // Another connection sees none of the batch until its single commit.
          seenByOthers.push(await committedCount());
          return id * 10;
        }),
      ),
    );
    expect(results).toEqual([10, 20, 30]);
    expect(seenByOthers).toEqual([0, 0, 0]);
    expect(await committedCount()).toBe(3);
  });

  it('fails only the unit that threw: the others of its batch are committed alone', async () => {
    const group = new GroupCommit(db);
    const outcomes = await Promise.allSettled([
      group.run((trx) => insert(trx, 1)),
      group.run(async (trx) => {
        await insert(trx, 2);
        throw new Error('unit 2 failed');
      }),
      group.run((trx) => insert(trx, 3)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('unit 2 failed'));
    const { rows } = await sql<{ id: number }>`select id from notes order by id`.execute(reader.db);
    expect(rows.map((r) => Number(r.id))).toEqual([1, 3]);
  });

  it('takes units that arrive while a batch commits into the next batch', async () => {
    const group = new GroupCommit(db);
    let later: Promise<number> | undefined;
    const first = group.run(async (trx) => {
      await insert(trx, 1);
      later = group.run(async (inner) => {
        await insert(inner, 2);
        return committedCount();
      });
      return 1;
    });
    expect(await first).toBe(1);
    // The second unit ran after the first batch committed, in a transaction of its own.
    expect(await later).toBe(1);
    expect(await committedCount()).toBe(2);
  });
});
