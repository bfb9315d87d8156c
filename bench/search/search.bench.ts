/**
 * History search at scale: 1,000,000 messages in 50,000 conversations across 1,000 users
 * (Zipf vocabulary; one user owns 100,000 messages), written straight in SQL in batches.
 * Measures, per backend:
 * - index build: migration 0100 over the existing rows (tables, backfill, index, triggers)
 *   and the database's growth;
 * - the send path's database writes (turn inserted streaming + chat touched in one
 *   transaction, then the completed answer) before and after the index exists;
 * - for the heavy user, ranked top-20 through SearchService (the endpoint's code minus HTTP)
 *   for a rare word, a common word, two words and a typed prefix: p50 / p95.
 *
 *   node --import tsx bench/search/search.bench.ts --backend=sqlite|postgres
 *     [--messages=1000000 --conversations=50000 --users=1000 --heavy=100000 --runs=60 --sends=1500]
 *     [--keep] [--db=NAME | --dir=PATH] [--reuse]
 * PostgreSQL: DATABASE_URL names an admin connection; a fresh database is made and dropped
 * (--db names it). SQLite: a temporary folder, or --dir. --keep keeps the database; --reuse
 * then skips the corpus, the send rates and the build on a kept one: it only migrates to the
 * latest migration and measures the queries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { SearchQuery } from '@parallax/contract';
import { MIGRATIONS } from '../../apps/server/src/db/migrations';
import { SearchRepository } from '../../apps/server/src/features/search/search.repository';
import { SearchService } from '../../apps/server/src/features/search/search.service';
import { formatMs, nowMs, percentile, printTable } from '../lib/stats';
import {
  conversationBatches,
  HEAVY_USER_ID,
  users,
  vocabulary,
  ZipfText,
  type CorpusShape,
} from './search-corpus';
import { openPostgresStore, openSqliteStore, type BenchStore } from './search-store';

function flag(name: string, fallback: string): string {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found === undefined ? fallback : found.slice(name.length + 3);
}

const backend = flag('backend', 'sqlite');
const shape: CorpusShape = {
  messages: Number(flag('messages', '1000000')),
  conversations: Number(flag('conversations', '50000')),
  users: Number(flag('users', '1000')),
  heavyUserMessages: Number(flag('heavy', '100000')),
};
const RUNS = Number(flag('runs', '60'));
const SENDS = Number(flag('sends', '1500'));
const WARMUP = 5;
/** Keeps the database afterwards (to EXPLAIN a query by hand); its location is printed. */
const KEEP = process.argv.includes('--keep') || process.argv.includes('--reuse');
const REUSE = process.argv.includes('--reuse');
const RUN_TAG = Date.now().toString(36);
const LATEST = Object.keys(MIGRATIONS).at(-1) ?? '';

async function migrate(store: BenchStore, target: string): Promise<void> {
  const migrator = new Migrator({
    db: store.handle.db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error } = await migrator.migrateTo(target);
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function sendRate(store: BenchStore, text: ZipfText, label: string): Promise<number> {
  const conversationId = 'bench-conv-000000';
  const started = nowMs();
  for (let i = 0; i < SENDS; i += 1)
    await store.sendTurn(
      conversationId,
      HEAVY_USER_ID,
      `send-${label}-${RUN_TAG}-${i}`,
      text.text(8, 16),
      text.text(25, 50),
    );
  return (SENDS / (nowMs() - started)) * 1000;
}

async function buildCorpus(store: BenchStore, words: readonly string[]): Promise<void> {
  await migrate(store, '0090-api-keys');
  const text = new ZipfText(words, 42);

  const started = nowMs();
  await store.insertUsers(users(shape));
  let written = 0;
  for (const batch of conversationBatches(shape, text, 250)) {
    await store.insertBatch(batch.conversations, batch.messages);
    written += batch.messages.length;
    if (written % 100_000 === 0)
      console.log(`  ${written} messages, ${((nowMs() - started) / 1000).toFixed(0)} s`);
  }
  const generateMs = nowMs() - started;
  await store.analyze();
  console.log(`corpus written in ${(generateMs / 1000).toFixed(0)} s`);
  await buildIndex(store, words);
}

/** Send rates without the index, the index's build (migrations to the latest), rates with it. */
async function buildIndex(store: BenchStore, words: readonly string[]): Promise<void> {
  const sizeBefore = await store.sizeBytes();

  const sendText = new ZipfText(words, 99);
  const sendsBefore = await sendRate(store, sendText, 'before');

  const started = nowMs();
  await migrate(store, LATEST);
  const buildMs = nowMs() - started;
  await store.analyze();
  const sizeAfter = await store.sizeBytes();
  const sendsAfter = await sendRate(store, sendText, 'after');

  printTable(`Corpus and index (${backend})`, [
    {
      messages: shape.messages,
      'index build s': (buildMs / 1000).toFixed(1),
      'db MB before': mb(sizeBefore),
      'db MB after': mb(sizeAfter),
      'overhead %': (((sizeAfter - sizeBefore) / sizeBefore) * 100).toFixed(0),
    },
  ]);
  printTable(`Send path, database writes per second (${SENDS} turns each)`, [
    {
      'without index': sendsBefore.toFixed(0),
      'with index': sendsAfter.toFixed(0),
      'change %': (((sendsAfter - sendsBefore) / sendsBefore) * 100).toFixed(1),
    },
  ]);
}

async function main(): Promise<void> {
  const dirFlag = flag('dir', '');
  const dir = dirFlag === '' ? mkdtempSync(path.join(tmpdir(), 'parallax-search-bench-')) : dirFlag;
  const dbFlag = flag('db', '');
  const store =
    backend === 'postgres'
      ? await openPostgresStore(
          process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
          dbFlag === '' ? undefined : dbFlag,
        )
      : openSqliteStore(dir);
  console.log(
    `backend ${backend}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  try {
    const words = vocabulary();
    if (REUSE && !(await store.hasIndex())) await buildIndex(store, words);
    else if (REUSE) {
      const started = nowMs();
      await migrate(store, LATEST);
      await store.analyze();
      console.log(`reused; migrated to ${LATEST} in ${((nowMs() - started) / 1000).toFixed(1)} s`);
    } else await buildCorpus(store, words);
    // Word ranks: 1 (in nearly every text), 20,000 (a few dozen of the heavy user's texts).
    const w = (rank: number) => words[rank - 1] ?? '';
    // A trailing space ends a word; without one the last word is still being typed and
    // matches as a prefix (search-terms.ts), which the last two rows measure.
    const queries = [
      { name: 'rare word', q: `${w(20_000)} ` },
      { name: 'common word', q: `${w(1)} ` },
      { name: 'two words', q: `${w(100)} ${w(300)} ` },
      { name: 'typed prefix', q: w(50).slice(0, 4) },
      { name: 'common word, still typing', q: w(1) },
    ];
    const service = new SearchService(new SearchRepository(store.handle.db));
    const owner = { kind: 'user', id: HEAVY_USER_ID } as const;
    const rows = [];
    for (const query of queries) {
      const parsed = SearchQuery.parse({ q: query.q });
      const samples: number[] = [];
      let hits = 0;
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const t0 = nowMs();
        const result = await service.search(owner, parsed);
        if (i >= WARMUP) samples.push(nowMs() - t0);
        hits = result.hits.length;
      }
      rows.push({
        query: `${query.name} "${query.q.trim()}"`,
        hits,
        'p50 ms': formatMs(percentile(samples, 50)),
        'p95 ms': formatMs(percentile(samples, 95)),
        'max ms': formatMs(Math.max(...samples)),
      });
    }
    printTable(`Heavy user (${shape.heavyUserMessages} messages), top-20, ${RUNS} runs each`, rows);
    console.log(
      `load average at end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await store.close();
    await store.drop(KEEP);
    if (KEEP) console.log(`kept: ${dir} (SQLite) or the PostgreSQL database named above`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
