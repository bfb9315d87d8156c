import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import type { ConversationRow, MessageRow, UserRow } from './search-corpus';

/** Bulk writes of the corpus straight in SQL, and one send's writes, per backend. */
export interface BenchStore {
  readonly handle: DatabaseHandle;
  insertUsers(rows: readonly UserRow[]): Promise<void>;
  insertBatch(
    conversations: readonly ConversationRow[],
    messages: readonly MessageRow[],
  ): Promise<void>;
  /** What a send writes: the turn (streaming), the chat's activity, then the completed answer. */
  sendTurn(
    conversationId: string,
    userId: string,
    id: string,
    content: string,
    response: string,
  ): Promise<void>;
  /** Whether the search index's migration has run (a kept database). */
  hasIndex(): Promise<boolean>;
  /** Bytes the database takes on disk now. */
  sizeBytes(): Promise<number>;
  /** Refreshes planner statistics (PostgreSQL) after bulk writes. */
  analyze(): Promise<void>;
  close(): Promise<void>;
  /** Removes the database (PostgreSQL) unless `keep`; call after close. */
  drop(keep: boolean): Promise<void>;
}

const MESSAGE_COLUMNS = [
  'id',
  'user_id',
  'conversation_id',
  'content',
  'response',
  'provider',
  'model',
  'model_friendly_name',
  'status',
  'request_id',
  'include_history',
  'created_at',
  'updated_at',
  'parent_id',
  'chosen_at',
] as const;

function messageValues(m: MessageRow): (string | number | null)[] {
  return [
    m.id,
    m.userId,
    m.conversationId,
    m.content,
    m.response,
    'openai',
    'gpt-5-mini',
    'GPT-5 mini',
    'completed',
    m.id,
    1,
    m.createdAt,
    m.createdAt,
    m.parentId,
    m.createdAt,
  ];
}

function conversationValues(c: ConversationRow): (string | number | null)[] {
  return [c.id, c.userId, c.title, 1, 'regular', 0, c.createdAt, c.createdAt, c.createdAt];
}
const CONVERSATION_COLUMNS = [
  'id',
  'user_id',
  'title',
  'title_set',
  'kind',
  'is_favourite',
  'created_at',
  'updated_at',
  'last_message_at',
] as const;

function userValues(u: UserRow, at: string): (string | number | null)[] {
  return [u.id, u.email, u.id, 'user', 1, '{}', at, at];
}
const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'email_verified',
  'preferences',
  'created_at',
  'updated_at',
] as const;

export function openSqliteStore(dir: string): BenchStore {
  const file = path.join(dir, 'search-bench.db');
  fs.mkdirSync(dir, { recursive: true });
  const handle = createDatabase(`sqlite:${file}`);
  const raw = new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  const insert = (table: string, columns: readonly string[]) =>
    raw.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
  let statements: ReturnType<typeof prepareAll> | undefined;
  function prepareAll() {
    return {
      user: insert('users', USER_COLUMNS),
      conversation: insert('conversations', CONVERSATION_COLUMNS),
      message: insert('messages', MESSAGE_COLUMNS),
      streaming:
        raw.prepare(`insert into messages (id, user_id, conversation_id, content, provider, model,
        model_friendly_name, status, request_id, include_history, created_at, updated_at, chosen_at)
        values (?, ?, ?, ?, 'openai', 'gpt-5-mini', 'GPT-5 mini', 'streaming', ?, 1, ?, ?, ?)`),
      touch: raw.prepare(
        'update conversations set last_message_at = ?, updated_at = ? where id = ?',
      ),
      complete:
        raw.prepare(`update messages set status = 'completed', response = ?, output_tokens = 50,
        updated_at = ? where id = ?`),
    };
  }
  // Statements are prepared once the tables exist (after the first migrations).
  const s = () => (statements ??= prepareAll());
  return {
    handle,
    insertUsers: async (rows) => {
      const at = new Date().toISOString();
      raw.transaction(() => rows.forEach((u) => s().user.run(userValues(u, at))))();
    },
    insertBatch: async (conversations, messages) => {
      raw.transaction(() => {
        for (const c of conversations) s().conversation.run(conversationValues(c));
        for (const m of messages) s().message.run(messageValues(m));
      })();
    },
    sendTurn: async (conversationId, userId, id, content, response) => {
      const at = new Date().toISOString();
      raw.transaction(() => {
        s().streaming.run(id, userId, conversationId, content, id, at, at, at);
        s().touch.run(at, at, conversationId);
      })();
      s().complete.run(response, new Date().toISOString(), id);
    },
    hasIndex: async () =>
      raw.prepare(`select 1 from sqlite_master where name = 'search_documents'`).get() !==
      undefined,
    sizeBytes: async () => {
      raw.pragma('wal_checkpoint(TRUNCATE)');
      const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
      return size(file) + size(`${file}-wal`);
    },
    analyze: async () => {},
    close: async () => {
      raw.close();
      await handle.close();
    },
    drop: async () => {},
  };
}

/** `name`: a database to reuse when it exists (--reuse), else a fresh one of that name. */
export async function openPostgresStore(
  adminUrl: string,
  name = `parallax_search_bench_${Date.now()}`,
): Promise<BenchStore> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  console.log(`database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase(url.toString());
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const unnestInsert = async (
    client: pg.PoolClient,
    table: string,
    columns: readonly string[],
    types: readonly string[],
    rows: readonly (string | number | null)[][],
  ) => {
    const arrays = columns.map((_, i) => rows.map((r) => r[i] ?? null));
    const params = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
    await client.query(
      `insert into ${table} (${columns.join(', ')}) select * from unnest(${params})`,
      arrays,
    );
  };
  const textTypes = (n: number, ints: readonly number[]) =>
    Array.from({ length: n }, (_, i) => (ints.includes(i) ? 'int' : 'text'));
  return {
    handle,
    insertUsers: async (rows) => {
      const client = await pool.connect();
      try {
        const at = new Date().toISOString();
        await unnestInsert(
          client,
          'users',
          USER_COLUMNS,
          textTypes(8, [4]),
          rows.map((u) => userValues(u, at)),
        );
      } finally {
        client.release();
      }
    },
    insertBatch: async (conversations, messages) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await unnestInsert(
          client,
          'conversations',
          CONVERSATION_COLUMNS,
          textTypes(9, [3, 5]),
          conversations.map(conversationValues),
        );
        await unnestInsert(
          client,
          'messages',
          MESSAGE_COLUMNS,
          textTypes(15, [10]),
          messages.map(messageValues),
        );
        await client.query('commit');
      } finally {
        client.release();
      }
    },
    sendTurn: async (conversationId, userId, id, content, response) => {
      const client = await pool.connect();
      try {
        const at = new Date().toISOString();
        await client.query('begin');
        await client.query(
          `insert into messages (id, user_id, conversation_id, content, provider, model,
            model_friendly_name, status, request_id, include_history, created_at, updated_at, chosen_at)
          values ($1, $2, $3, $4, 'openai', 'gpt-5-mini', 'GPT-5 mini', 'streaming', $1, 1, $5, $5, $5)`,
          [id, userId, conversationId, content, at],
        );
        await client.query(
          'update conversations set last_message_at = $1, updated_at = $1 where id = $2',
          [at, conversationId],
        );
        await client.query('commit');
        await client.query(
          `update messages set status = 'completed', response = $1, output_tokens = 50, updated_at = $2 where id = $3`,
          [response, new Date().toISOString(), id],
        );
      } finally {
        client.release();
      }
    },
    hasIndex: async () => {
      const { rows } = await sql`select to_regclass('search_documents') as t`.execute(handle.db);
      return (rows[0] as { t: string | null } | undefined)?.t != null;
    },
    sizeBytes: async () => {
      const { rows } = await sql<{
        size: string;
      }>`select pg_database_size(current_database()) as size`.execute(handle.db);
      return Number(rows[0]?.size ?? 0);
    },
    analyze: async () => {
      await sql`vacuum analyze`.execute(handle.db);
    },
    close: async () => {
      await pool.end();
      await handle.close();
    },
    drop: async (keep) => {
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
