import { describe, expect, it } from 'vitest';
import { dailyUsageSpend, migratedDatabasePerTest } from '../../test/migrated-database';
import { ReusedQuery } from './reused-query';
import { SqliteTurnGroup } from './sqlite-turn-group';

/** Runs asked for at once, as concurrent calls ask: each keeps its own result on both dialects. */
describe('SqliteTurnGroup', () => {
  const handle = migratedDatabasePerTest();

  const used = async (subject: string) =>
    (
      await handle()
        .db.selectFrom('daily_usage')
        .select('used')
        .where('subject', '=', subject)
        .executeTakeFirst()
    )?.used;

  it('spends up to the limit and no further, whatever number of runs share a turn', async () => {
    const spend = new SqliteTurnGroup(dailyUsageSpend(handle().db), { write: true });
    const run = (subject: string, limit: number) =>
      spend
        .execute(handle().db, { subject, day: '2026-01-01', limit })
        .then((r) => r.numAffectedRows);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => run('a', 3)),
      run('b', 3),
      run('a', 3),
    ]);
    // Which of the concurrent runs win is up to the database (PostgreSQL runs them side by
    // side); how many is not.
    const ofA = [...results.slice(0, 5), results[6]];
    expect(ofA.filter((n) => n === 1n)).toHaveLength(3);
    expect(ofA.filter((n) => n === 0n)).toHaveLength(3);
    expect(results[5]).toBe(1n);
    expect(await used('a')).toBe(3);
    expect(await used('b')).toBe(1);
    // A lone run, in a later turn.
    expect(await run('b', 3)).toBe(1n);
    expect(await used('b')).toBe(2);
  });

  it('fails a failing run alone; the others of its turn are written', async () => {
    const insert = new SqliteTurnGroup(
      new ReusedQuery({ subject: '\u0000s' }, ({ subject }) =>
        handle().db.insertInto('daily_usage').values({ subject, day: '2026-01-01', used: 1 }),
      ),
      { write: true },
    );
    const outcomes = await Promise.allSettled(
      ['x', 'y', 'x', 'z'].map((subject) => insert.execute(handle().db, { subject })),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect([await used('x'), await used('y'), await used('z')]).toEqual([1, 1, 1]);
  });

  it('reads what was committed before its turn, each run with its own values', async () => {
    const read = new SqliteTurnGroup(
      new ReusedQuery({ subject: '\u0000s' }, ({ subject }) =>
        handle().db.selectFrom('daily_usage').select('used').where('subject', '=', subject),
      ),
      { write: false },
    );
    await handle()
      .db.insertInto('daily_usage')
      .values([
        { subject: 'p', day: '2026-01-01', used: 2 },
        { subject: 'q', day: '2026-01-01', used: 5 },
      ])
      .execute();
    const rows = await Promise.all(
      ['p', 'q', 'r', 'p'].map((subject) =>
        read.execute(handle().db, { subject }).then((r) => r.rows),
      ),
    );
    expect(rows).toEqual([[{ used: 2 }], [{ used: 5 }], [], [{ used: 2 }]]);
  });

  it('waits for a transaction the connection is in, rather than joining it', async () => {
    const insert = new SqliteTurnGroup(
      new ReusedQuery({ subject: '\u0000s' }, ({ subject }) =>
        handle().db.insertInto('daily_usage').values({ subject, day: '2026-01-01', used: 1 }),
      ),
      { write: true },
    );
    let outside: Promise<unknown> | undefined;
    await expect(
      handle()
        .db.transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('daily_usage')
            .values({ subject: 'in', day: '2026-01-01', used: 1 })
            .execute();
          outside = Promise.all(
            ['o1', 'o2'].map((subject) => insert.execute(handle().db, { subject })),
          );
          await new Promise((resolve) => setTimeout(resolve, 10));
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    await outside;
    expect([await used('in'), await used('o1'), await used('o2')]).toEqual([undefined, 1, 1]);
  });
});
