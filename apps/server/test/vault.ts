import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { VaultCreated, VaultSession } from '@parallax/contract';
import { bearer } from './auth';

/** A PIN the policy accepts, used by the vault tests. */
export const TEST_PIN = '284719';

export function vaultHeaders(accessToken: string, vaultToken?: string): Record<string, string> {
  return { ...bearer(accessToken), ...(vaultToken ? { 'x-vault-token': vaultToken } : {}) };
}

/** Sets up the caller's vault with TEST_PIN (or `pin`) and returns the open session. */
export async function setUpVault(
  app: FastifyInstance,
  accessToken: string,
  pin = TEST_PIN,
): Promise<VaultCreated> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/vault/setup',
    headers: bearer(accessToken),
    payload: { pin },
  });
  if (res.statusCode !== 200) throw new Error(`vault setup failed: ${res.statusCode} ${res.body}`);
  return VaultCreated.parse(res.json());
}

export async function unlockVault(
  app: FastifyInstance,
  accessToken: string,
  pin = TEST_PIN,
): Promise<VaultSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/vault/unlock',
    headers: bearer(accessToken),
    payload: { pin },
  });
  if (res.statusCode !== 200) throw new Error(`vault unlock failed: ${res.statusCode} ${res.body}`);
  return VaultSession.parse(res.json());
}

/**
 * Everything the database holds, as one string: on SQLite the raw bytes of the database file
 * and its WAL (what a stolen file or backup would show); on PostgreSQL every row of every
 * table in the public schema, as text.
 */
export async function dumpDatabase(app: FastifyInstance): Promise<string> {
  if (app.dbDialect === 'sqlite') {
    await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(app.db);
    const file = app.config.databaseUrl.replace(/^sqlite:/, '');
    const parts = [file, `${file}-wal`, `${file}-journal`]
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1'));
    return parts.join('\n');
  }
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(app.db);
  const out: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ row: string }>`
      SELECT t::text AS row FROM ${sql.table(table_name)} AS t`.execute(app.db);
    out.push(table_name, ...rows.rows.map((r) => r.row));
  }
  return out.join('\n');
}

/** Every file under the data folder (uploads, outbox, secrets), as one string of bytes. */
export function dumpDataDir(app: FastifyInstance): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(fs.readFileSync(full).toString('latin1'));
    }
  };
  walk(app.config.dataDir);
  return out.join('\n');
}

/**
 * Every key of the Redis server at REDIS_URL with its value, as one string (empty without
 * REDIS_URL). Other suites' keys come along too; a unique marker tells them apart.
 */
export async function dumpRedis(): Promise<string> {
  const url = process.env.REDIS_URL;
  if (url === undefined) return '';
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const out: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        let value: unknown = null;
        if (type === 'string')
          value = await redis.getBuffer(key).then((b) => b?.toString('latin1'));
        else if (type === 'stream') value = await redis.xrange(key, '-', '+');
        else if (type === 'hash') value = await redis.hgetall(key);
        else if (type === 'list') value = await redis.lrange(key, '0', '-1');
        else if (type === 'set') value = await redis.smembers(key);
        else if (type === 'zset') value = await redis.zrange(key, '0', '-1');
        out.push(key, JSON.stringify(value));
      }
    } while (cursor !== '0');
    return out.join('\n');
  } finally {
    redis.disconnect();
  }
}
