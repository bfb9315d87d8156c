import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, postJson, sendBody, type ChatTestApp } from '../../../test/chat';
import { setUpVault, vaultHeaders } from '../../../test/vault';

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

let t: ChatTestApp;
beforeAll(async () => {
  if (onPostgres) t = await createChatTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The tables a move into the vault rewrites, and the TOAST table of each (long texts). */
const MOVED_TABLES = [
  'messages',
  'conversations',
  'attachments',
  'compare_sessions',
  'search_documents',
];

/**
 * How many row versions, live or dead, of the moved tables (and their TOAST tables) hold
 * `marker`, read from the raw 8 kB pages: what VACUUM leaves for anyone who reads the pages.
 */
async function rowVersionsHolding(marker: string): Promise<number> {
  await sql`create extension if not exists pageinspect`.execute(t.app.db);
  const { rows } = await sql<{ relation: string }>`
    select c.oid::regclass::text as relation from pg_class c
    where c.relname in (${sql.join(MOVED_TABLES)})
    union all
    select c.reltoastrelid::regclass::text from pg_class c
    where c.relname in (${sql.join(MOVED_TABLES)}) and c.reltoastrelid <> 0`.execute(t.app.db);
  let hits = 0;
  for (const { relation } of rows) {
    const found = await sql<{ n: string }>`
      select count(*) as n
      from generate_series(0, pg_relation_size(${relation}::regclass) / 8192 - 1) as p,
        heap_page_items(get_raw_page(${relation}, p::int)) as item
      where position(convert_to(${marker}, 'UTF8') in coalesce(item.t_data, ''::bytea)) > 0`.execute(
      t.app.db,
    );
    hits += Number(found.rows[0]?.n ?? 0);
  }
  return hits;
}

describe.skipIf(!onPostgres)('a chat moved into the vault on PostgreSQL', () => {
  it('leaves no plain row version, live or dead, in the tables it was moved out of', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const marker = `Mkdead${randomBytes(6).toString('hex')}`;
    // Slow, so its partial answers are written (and replaced) several times: many dead versions.
    const sent = await postJson(
      t.baseUrl,
      '/api/v1/chat/messages',
      bearer(accessToken),
      sendBody(`${marker} in detail [sim tokens=40 tps=40]`),
    );
    const chatId = String((sent.json as { conversation_id: string }).conversation_id);
    expect(await rowVersionsHolding(marker)).toBeGreaterThan(1);

    const { vault_token } = await setUpVault(t.app, accessToken);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats',
      headers: vaultHeaders(accessToken, vault_token),
      payload: { conversation_id: chatId },
    });
    expect(moved.statusCode).toBe(200);
    // NOTE: the bytes of the removed versions may stay in the pages' free space until new rows
    // overwrite it (README, vault): what is checked is that no row version is left.
    expect(await rowVersionsHolding(marker)).toBe(0);
  });
});
