import { describe, expect, it } from 'vitest';
import { dailyUsageSpend, migratedDatabasePerTest } from '../../test/migrated-database';
import { ReusedQuery } from './reused-query';

/** The same query on both dialects: SQLite's root instance runs it without Kysely's queue. */
describe('ReusedQuery', () => {
  const handle = migratedDatabasePerTest();

  const spend = () => dailyUsageSpend(handle().db);
  const used = () =>
    new ReusedQuery({ subject: '\u0000s' }, ({ subject }) =>
      handle().db.selectFrom('daily_usage').select(['day', 'used']).where('subject', '=', subject),
    );

  it('reads and writes with new values each time, with the affected-row count', async () => {
    const upsert = spend();
    const read = used();
    const counts = [];
    for (const day of ['2026-01-01', '2026-01-01', '2026-01-01', '2026-01-02'])
      counts.push(
        (await upsert.execute(handle().db, { subject: 'a', day, limit: 2 })).numAffectedRows,
      );
    expect(counts).toEqual([1n, 1n, 0n, 1n]);
    const rows = (await read.execute(handle().db, { subject: 'a' })).rows;
    expect([...rows].sort((x, y) => x.day.localeCompare(y.day))).toEqual([
      { day: '2026-01-01', used: 2 },
      { day: '2026-01-02', used: 1 },
    ]);
    expect((await read.execute(handle().db, { subject: 'b' })).rows).toEqual([]);
  });

  it('runs inside a transaction it is given, and never joins one it was not given', async () => {
    const upsert = spend();
    const read = used();
    let outside: Promise<unknown> | undefined;
    await expect(
      handle()
        .db.transaction()
        .execute(async (trx) => {
          await upsert.execute(trx, { subject: 'in', day: '2026-01-01', limit: 5 });
          expect((await read.execute(trx, { subject: 'in' })).rows).toHaveLength(1);
          // Started while the transaction is open, on the root instance: it must not be rolled
          // back with it.
          outside = upsert.execute(handle().db, { subject: 'out', day: '2026-01-01', limit: 5 });
          await new Promise((resolve) => setTimeout(resolve, 10));
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    await outside;
    expect((await read.execute(handle().db, { subject: 'in' })).rows).toEqual([]);
    expect((await read.execute(handle().db, { subject: 'out' })).rows).toEqual([
      { day: '2026-01-01', used: 1 },
    ]);
  });

  it('fails the call, not the process, when the statement fails', async () => {
    const upsert = spend();
    await handle().close();
    await expect(
      upsert.execute(handle().db, { subject: 'a', day: '2026-01-01', limit: 2 }),
    ).rejects.toThrow();
  });
});
