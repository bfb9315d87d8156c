import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Backend {
  name: string;
  env: Record<string, string>;
  dispose(): Promise<void>;
}

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function sqliteBackend(): Backend {
  const dataDir = mkdtempSync(join(tmpdir(), 'parallax-bench-'));
  return {
    name: 'SQLite + memory bus',
    env: { DATA_DIR: dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for this run, dropped afterwards; Redis is shared, keys are per database.
 * BENCH_PG_DATABASE names an existing database to use instead (kept afterwards), for engineers
 * who may only touch their own database on a shared PostgreSQL.
 */
export async function postgresBackend(existing = process.env.BENCH_PG_DATABASE): Promise<Backend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parallax-bench-'));
  const database = existing ?? `parallax_bench_${randomBytes(6).toString('hex')}`;
  if (existing === undefined) await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return {
    name: 'PostgreSQL + Redis',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), REDIS_URL },
    dispose: async () => {
      if (existing === undefined)
        await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
