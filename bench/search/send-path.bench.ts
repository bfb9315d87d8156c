/**
 * The send path with and without the search index: the real app (buildApp, the test
 * harness's provider-sim answering at once) takes sends without a socket — each request
 * returns once its answer is complete and stored — from 4 concurrent clients. "Without"
 * rounds switch the index's triggers off (SQLite: dropped and re-created; PostgreSQL: disabled),
 * so both variants run on the same database and alternate round by round, sharing the
 * machine's noise.
 *
 * `--turns-per-chat=N`: each client sends N turns into a chat before it starts another (1: every
 * send starts a chat, which is then named: the worst case, one more index write per send).
 *
 *   node --import tsx bench/search/send-path.bench.ts [--sends=200 --rounds=4 --turns-per-chat=1]
 *     [--statements]  (SQLite: each variant's costliest statements in the last round)
 * With DATABASE_URL=postgres://… (an admin connection) it runs on a fresh PostgreSQL database.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { dialectOf } from '../../apps/server/src/db/dialect';
import {
  createChatTestApp,
  newVisitorId,
  SIM_MODEL,
  type ChatTestApp,
} from '../../apps/server/test/chat';
import { processCpuMicros } from '../lib/process-cpu';
import { nowMs, percentile, printTable } from '../lib/stats';

// --statements: per-statement SQLite timings of each variant (the timer wraps better-sqlite3
// before the app opens its database, hence the dynamic import).
const timer = process.argv.includes('--statements')
  ? (await import('../lib/sqlite-statement-timer')).statementTimer
  : undefined;

function numberFlag(name: string, fallback: number): number {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return raw === undefined ? fallback : Number(raw);
}
const SENDS = numberFlag('sends', 200);
const ROUNDS = numberFlag('rounds', 4);
const TURNS_PER_CHAT = numberFlag('turns-per-chat', 1);
const CLIENTS = 4;
const median = (xs: number[]) => percentile(xs, 50);

/** Switches the index's triggers off and back on; answers how many it switched. */
async function triggerSwitch(
  t: ChatTestApp,
): Promise<{ off(): Promise<void>; on(): Promise<void> }> {
  const db = t.app.db;
  if (dialectOf(db) === 'postgres') {
    const names = ['search_message_insert', 'search_message_update'];
    const set = (state: 'disable' | 'enable') => async () => {
      for (const name of names)
        await sql.raw(`alter table messages ${state} trigger ${name}`).execute(db);
      for (const name of ['search_conversation_insert', 'search_conversation_update'])
        await sql.raw(`alter table conversations ${state} trigger ${name}`).execute(db);
    };
    return { off: set('disable'), on: set('enable') };
  }
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'trigger' and name like 'search_%' and name <> 'search_documents_delete'`.execute(
    db,
  );
  return {
    off: async () => {
      for (const row of rows) await sql.raw(`drop trigger ${row.name}`).execute(db);
    },
    on: async () => {
      for (const row of rows) await sql.raw(row.sql).execute(db);
    },
  };
}

interface RoundResult {
  rate: number;
  /** This process's CPU µs per send: the app, its driver, SQLite, the in-process sim. */
  cpu: number;
  /** PostgreSQL's and Redis's CPU µs per send (all their processes; 0 on SQLite). */
  database: number;
}

const databaseCpuMicros = () => processCpuMicros('postgres') + processCpuMicros('redis-server');

async function runRound(t: ChatTestApp, round: number): Promise<RoundResult> {
  const visitorId = newVisitorId();
  let next = 0;
  const started = nowMs();
  const cpuBefore = process.cpuUsage();
  const databaseBefore = databaseCpuMicros();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      let chat: { id: string; turns: number } | undefined;
      while (next < SENDS) {
        const i = next;
        next += 1;
        if (chat !== undefined && chat.turns >= TURNS_PER_CHAT) chat = undefined;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/chat/messages',
          headers: { 'x-visitor-id': visitorId },
          // One address per send: the per-address request limit is not what is measured.
          remoteAddress: `10.${round}.${i >> 8}.${i & 255}`,
          payload: {
            message: `Question ${i}: how do tide pools form along rocky coasts?`,
            message_id: randomUUID(),
            ...(chat === undefined ? {} : { conversation_id: chat.id }),
            ...SIM_MODEL,
          },
        });
        if (res.statusCode !== 200) throw new Error(`send ${res.statusCode}: ${res.body}`);
        chat = {
          id: res.json<{ conversation_id: string }>().conversation_id,
          turns: (chat?.turns ?? 0) + 1,
        };
      }
    }),
  );
  const rate = (SENDS / (nowMs() - started)) * 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const database = dialectOf(t.app.db) === 'postgres' ? databaseCpuMicros() - databaseBefore : 0;
  return { rate, cpu: (cpu.user + cpu.system) / SENDS, database: database / SENDS };
}

const t = await createChatTestApp({
  env: { VISITOR_DAILY_LIMIT: '1000000', LOG_LEVEL: 'silent' },
  simDefaults: { ttftMs: 0, tokensPerSecond: 100_000, lengthTokens: 120 },
});
try {
  const dialect = dialectOf(t.app.db);
  console.log(
    `${dialect}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const triggers = await triggerSwitch(t);
  await runRound(t, 0); // warm-up: JIT, statement caches, the sim's connections
  const rates = { with: [] as number[], without: [] as number[] };
  const cpu = { with: [] as number[], without: [] as number[] };
  const databaseCpu = { with: [] as number[], without: [] as number[] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const variant of round % 2 === 0
      ? (['with', 'without'] as const)
      : (['without', 'with'] as const)) {
      if (variant === 'without') await triggers.off();
      timer?.reset();
      const result = await runRound(t, round * 2 + (variant === 'with' ? 0 : 1));
      rates[variant].push(result.rate);
      cpu[variant].push(result.cpu);
      databaseCpu[variant].push(result.database);
      if (timer !== undefined && round === ROUNDS)
        printTable(
          `SQLite statements ${variant} index, last round (per send)`,
          timer.report(SENDS),
        );
      if (variant === 'without') await triggers.on();
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  printTable(
    `Sends per second through the app (${dialect}, ${CLIENTS} clients, ${SENDS} sends × ${ROUNDS} rounds, ${TURNS_PER_CHAT} per chat)`,
    [
      {
        'without index': `${mean(rates.without).toFixed(1)} (${rates.without.map((r) => r.toFixed(0)).join(' ')})`,
        'with index': `${mean(rates.with).toFixed(1)} (${rates.with.map((r) => r.toFixed(0)).join(' ')})`,
        'change %': (
          ((mean(rates.with) - mean(rates.without)) / mean(rates.without)) *
          100
        ).toFixed(1),
      },
    ],
  );
  const cpuRow = (label: string, samples: typeof cpu) => ({
    '': label,
    'without index': `${median(samples.without).toFixed(0)} (${samples.without.map((c) => c.toFixed(0)).join(' ')})`,
    'with index': `${median(samples.with).toFixed(0)} (${samples.with.map((c) => c.toFixed(0)).join(' ')})`,
    'change %': (
      ((median(samples.with) - median(samples.without)) / median(samples.without)) *
      100
    ).toFixed(1),
  });
  printTable(`CPU µs per send (median of ${ROUNDS} rounds)`, [
    cpuRow('this process (app, driver, SQLite, sim)', cpu),
    ...(dialect === 'postgres' ? [cpuRow('PostgreSQL and Redis processes', databaseCpu)] : []),
  ]);
  console.log(
    `load average at end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await t.close();
}
