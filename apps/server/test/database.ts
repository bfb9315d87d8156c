import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  /** DATABASE_URL of a database nobody else uses. */
  url: string;
  /** Drops it (PostgreSQL) or deletes its folder (SQLite). Call after the app is closed. */
  drop(): Promise<void>;
}

/** True when the suite runs against PostgreSQL (`DATABASE_URL=postgres://… npx vitest …`). */
export function isPostgresRun(): boolean {
  return /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
}

async function withAdminClient<T>(
  adminUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A brand-new, empty database: on PostgreSQL `parallax_t_<random>` created through the server
 * DATABASE_URL points at (that URL is only used as the admin connection); otherwise a SQLite
 * file inside `dataDir`.
 */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? '';
  if (!isPostgresRun()) {
    return { url: `sqlite:${path.join(dataDir, 'parallax.db')}`, drop: async () => {} };
  }
  const name = `parallax_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(adminUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/** A fresh temp folder, removed by the returned function. */
export function createTempDir(prefix = 'parallax-test-'): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
