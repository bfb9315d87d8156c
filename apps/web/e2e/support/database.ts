import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** True when the run is told to use PostgreSQL (`DATABASE_URL=postgres://… npx vitest …`). */
export function isPostgresRun(): boolean {
  return /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
}

async function asAdmin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The env for a server on the run's database: none on SQLite (startServer makes a fresh file);
 * on PostgreSQL a new `parallax_w_<random>` database, created through DATABASE_URL's server
 * and dropped by `drop`.
 */
export async function freshDatabaseEnv(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (!isPostgresRun()) return { env: {}, drop: async () => {} };
  const name = `parallax_w_${randomBytes(6).toString('hex')}`;
  await asAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => asAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
