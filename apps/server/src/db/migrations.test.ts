import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestDatabase,
  isPostgresRun,
  type TestDatabase,
} from '../../test/database';
import { createDatabase, type DatabaseHandle } from './database';
import { dialectOf, parseDatabaseUrl } from './dialect';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations';

describe('parseDatabaseUrl', () => {
  it('reads sqlite paths relative to the working directory, absolute ones as they are', () => {
    expect(parseDatabaseUrl('sqlite:data/x.db', '/srv/app')).toEqual({
      dialect: 'sqlite',
      filename: '/srv/app/data/x.db',
    });
    expect(parseDatabaseUrl('sqlite:/var/x.db', '/srv')).toEqual({
      dialect: 'sqlite',
      filename: '/var/x.db',
    });
    expect(parseDatabaseUrl('sqlite:///var/x.db', '/srv')).toEqual({
      dialect: 'sqlite',
      filename: '/var/x.db',
    });
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({
      dialect: 'sqlite',
      filename: ':memory:',
    });
  });

  it('reads postgres and postgresql URLs', () => {
    expect(parseDatabaseUrl('postgres://u@h/db').dialect).toBe('postgres');
    expect(parseDatabaseUrl('postgresql://u@h/db').dialect).toBe('postgres');
  });

  it('refuses anything else', () => {
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow(/DATABASE_URL/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/DATABASE_URL/);
  });
});

describe('migrations on the current dialect', () => {
  let temp: ReturnType<typeof createTempDir>;
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;

  beforeEach(() => {
    temp = createTempDir();
    database = undefined;
    handle = undefined;
  });
  afterEach(async () => {
    await handle?.close();
    await database?.drop();
    temp.remove();
  });

  it('create the foundation tables once, and a second run is a no-op', async () => {
    database = await createTestDatabase(temp.dir);
    handle = createDatabase(database.url);
    expect(handle.dialect).toBe(isPostgresRun() ? 'postgres' : 'sqlite');
    expect(dialectOf(handle.db)).toBe(handle.dialect);

    expect(await migrateToLatest(handle.db)).toEqual(Object.keys(MIGRATIONS));
    expect(await migrateToLatest(handle.db)).toEqual([]);

    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['client_error_logs', 'telemetry_events']));

    // The portable conventions of db/schema/conventions.ts hold: ISO text timestamps sort as time.
    const row = (at: string, id: string) => ({
      id,
      event_type: 'page_view',
      properties: '{}',
      user_id: null,
      session_id: 's',
      occurred_at: at,
      request_id: 'r',
      created_at: at,
    });
    await handle.db
      .insertInto('telemetry_events')
      .values([row('2025-02-01T00:00:00.000Z', 'b'), row('2024-12-31T23:59:59.999Z', 'a')])
      .execute();
    const ordered = await handle.db
      .selectFrom('telemetry_events')
      .select('id')
      .orderBy('created_at')
      .execute();
    expect(ordered.map((r) => r.id)).toEqual(['a', 'b']);

    await handle.db.transaction().execute(async (trx) => {
      expect(dialectOf(trx)).toBe(handle?.dialect);
      await sql`select 1`.execute(trx);
    });
  });

  it.skipIf(isPostgresRun())('applies SQLite pragmas for concurrent use', async () => {
    handle = createDatabase(`sqlite:${temp.dir}/pragma.db`);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(handle.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    expect(fk.rows[0]?.foreign_keys).toBe(1);
  });
});
