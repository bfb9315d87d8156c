import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function openFileDatabase(): { handle: DatabaseHandle; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parallax-checkpointer-'));
  dirs.push(dir);
  const file = path.join(dir, 'app.db');
  const handle = createDatabase(`sqlite:${file}`);
  handles.push(handle);
  return { handle, file };
}

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** Writes `megabytes` of rows, 64 KB per transaction, as many small commits do. */
async function write(handle: DatabaseHandle, megabytes: number): Promise<void> {
  const blob = 'x'.repeat(64 * 1024);
  for (let i = 0; i < megabytes * 16; i += 1) {
    await sql`insert into filler (body) values (${blob})`.execute(handle.db);
  }
}

describe.runIf(!process.env.DATABASE_URL?.startsWith('postgres'))('SQLite checkpointer', () => {
  it('copies the WAL into the database file off the app thread, and the WAL is then reused', async () => {
    const { handle, file } = openFileDatabase();
    await sql`create table filler (id integer primary key, body text not null)`.execute(handle.db);
    // The app's connection takes no automatic checkpoint: only the worker can copy the WAL.
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      handle.db,
    );
    expect(rows[0]?.wal_autocheckpoint).toBe(0);
    await write(handle, 6);
    await expect.poll(() => sizeOf(file), { timeout: 5_000, interval: 50 }).toBeGreaterThan(6e6);
    const walAfterFirst = sizeOf(`${file}-wal`);
    await write(handle, 6);
    await expect.poll(() => sizeOf(file), { timeout: 5_000, interval: 50 }).toBeGreaterThan(12e6);
    // Restarted from its start once copied, not appended to: the WAL holds far less than 12 MB.
    expect(sizeOf(`${file}-wal`)).toBeLessThan(walAfterFirst + 8e6);
  });

  it('leaves no WAL behind once closed', async () => {
    const { handle, file } = openFileDatabase();
    await sql`create table filler (id integer primary key, body text not null)`.execute(handle.db);
    await write(handle, 1);
    await handle.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(sizeOf(file)).toBeGreaterThan(1e6);
  });
});
