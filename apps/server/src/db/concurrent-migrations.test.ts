import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDir, createTestDatabase, type TestDatabase } from '../../test/database';
import { SERVER_DIR, TSX_LOADER } from '../../test/server-process';
import { MIGRATIONS } from './migrations';

const run = promisify(execFile);

/** The migrations one booting process ran on `url`. */
async function migrateInProcess(url: string): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ['--import', TSX_LOADER, 'test/migrate-process.ts'],
    { cwd: SERVER_DIR, env: { PATH: process.env.PATH ?? '', DATABASE_URL: url } },
  );
  return JSON.parse(stdout) as string[];
}

describe('processes booting together on a new database', () => {
  let temp: ReturnType<typeof createTempDir> | undefined;
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.drop();
    temp?.remove();
  });

  it('run every migration once between them, and every process starts', async () => {
    temp = createTempDir();
    database = await createTestDatabase(temp.dir);
    const url = database.url;
    const ran = await Promise.all([1, 2, 3].map(() => migrateInProcess(url)));
    // One process ran them all (it held the lock); the others found nothing left to run.
    expect(ran.flat().sort()).toEqual(Object.keys(MIGRATIONS).sort());
    expect(ran.filter((names) => names.length > 0)).toHaveLength(1);
  }, 60_000);
});
