import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { ARENA_CATEGORIES } from '@parallax/contract';
import { ArenaRepository } from '../../apps/server/src/features/compare/arena.repository';
import { mulberry32 } from '../../apps/server/src/features/compare/arena/arena-ratings';
import { boardKey } from '../../apps/server/src/features/compare/leaderboard.service';
import { createTestApp } from '../../apps/server/test/app';
import { bearer, registerAndSignIn } from '../../apps/server/test/auth';
import { formatMs, printTable, timeSequentialCalls } from '../lib/stats';

/**
 * The arena's whole background round, end to end: 1,000,000 votes over 100 models stored in the
 * real database (SQLite; PostgreSQL with DATABASE_URL), then the round the server runs
 * (LeaderboardService.recompute: read every vote in pages, build all 42 global boards — 3
 * periods × (all + 6 categories) × plain/style — with 100 bootstrap refits each, store them),
 * timed with its parts and the main thread's event-loop delay meanwhile; then 500 reads of the
 * computed board through the app (after 50 warm-up).
 * The votes: spread over 90 days (so the 7- and 30-day boards are real subsets), 1–2
 * categories each, 3% on three panels, 10% ties and 5% "both bad", answer lengths and markdown
 * counts, and the votes the global board leaves out (not blind, visitors, over the daily cap,
 * repeated prompts). `--quick`: 100,000 votes.
 */
const quick = process.argv.includes('--quick');
const VOTES = quick ? 100_000 : 1_000_000;
const MODELS = 100;
const USERS = 2_000;
const TURNS_PER_SESSION = 10;
const DAYS = 90;
const BATCH = 1_000;
const READS = 500;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const db = t.app.db;
    const repository = new ArenaRepository(db);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    // Up to date as far as the periodic job can tell, so no round starts while votes are stored.
    const { version } = await repository.state();
    await repository.saveBoard(
      boardKey({ period: 'all', styleControl: false }),
      version,
      '{}',
      iso(now),
    );

    const seeding = performance.now();
    const random = mulberry32(11);
    const strength = Array.from({ length: MODELS }, (_, i) => (i - MODELS / 2) / 25);
    const verbosity = Array.from({ length: MODELS }, () => 500 + random() * 3000);
    const names = strength.map((_, i) => `model-${String(i).padStart(3, '0')}`);
    const users = Array.from({ length: USERS }, (_, i) => `bench-user-${i}`);
    for (let i = 0; i < USERS; i += BATCH)
      await db
        .insertInto('users')
        .values(
          users.slice(i, i + BATCH).map((id) => ({
            id,
            email: `${id}@bench.test`,
            password_hash: null,
            name: null,
            avatar_url: null,
            role: 'user',
            email_verified: 1,
            preferences: '{}',
            created_at: iso(now - DAYS * 86_400_000),
            updated_at: iso(now - DAYS * 86_400_000),
          })),
        )
        .execute();
    const sessions = VOTES / TURNS_PER_SESSION;
    const at = (vote: number) => iso(now - DAYS * 86_400_000 * (1 - vote / VOTES));
    const userOf = (session: number) => users[session % USERS] ?? '';
    const visitor = (session: number) => session % 100 === 99;
    for (let s = 0; s < sessions; s += BATCH) {
      const count = Math.min(BATCH, sessions - s);
      await db
        .insertInto('compare_sessions')
        .values(
          Array.from({ length: count }, (_, k) => ({
            id: `bench-session-${s + k}`,
            user_id: visitor(s + k) ? null : userOf(s + k),
            visitor_id: visitor(s + k) ? `bench-visitor-${s + k}` : null,
            title: 'Bench',
            blind: 1,
            revealed_at: null,
            created_at: at((s + k) * TURNS_PER_SESSION),
            updated_at: at((s + k) * TURNS_PER_SESSION),
          })),
        )
        .execute();
    }
    const vote = (n: number) => {
      const panels = random() < 0.03 ? 3 : 2;
      const chosen: number[] = [];
      while (chosen.length < panels) {
        const m = Math.floor(random() * MODELS);
        if (!chosen.includes(m)) chosen.push(m);
      }
      const [i = 0, j = 0] = chosen;
      const p = 1 / (1 + Math.exp((strength[j] ?? 0) - (strength[i] ?? 0)));
      const u = random();
      const outcome = u < 0.1 ? 'tie' : u < 0.15 ? 'all_bad' : 'panel';
      const winner =
        outcome !== 'panel'
          ? null
          : random() < p
            ? 0
            : 1 + (panels === 3 ? 1 : 0) * Math.floor(random() * 2);
      const first = ARENA_CATEGORIES[Math.floor(random() * ARENA_CATEGORIES.length)];
      const second = ARENA_CATEGORIES[Math.floor(random() * ARENA_CATEGORIES.length)];
      const session = Math.floor(n / TURNS_PER_SESSION);
      return {
        session_id: `bench-session-${session}`,
        turn_index: n % TURNS_PER_SESSION,
        outcome,
        winner_position: winner,
        created_at: at(n),
        blind: random() < 0.97 ? 1 : 0,
        models: JSON.stringify(chosen.map((m) => names[m])),
        // 2% repeat one of the account's earlier prompts.
        prompt_hash: random() < 0.02 ? `repeat-${userOf(session)}-${n % 7}` : `prompt-${n}`,
        style: JSON.stringify(
          chosen.map((m) => [
            Math.round((verbosity[m] ?? 1000) * (0.5 + random())),
            Math.floor(random() * 12),
          ]),
        ),
        categories:
          random() < 0.05 ? null : JSON.stringify(random() < 0.5 ? [first] : [first, second]),
        excluded: random() < 0.01 ? 'daily_cap' : null,
        decision_ms: 5_000,
      };
    };
    for (let n = 0; n < VOTES; n += BATCH) {
      const count = Math.min(BATCH, VOTES - n);
      await db
        .insertInto('compare_votes')
        .values(Array.from({ length: count }, (_, k) => vote(n + k)))
        .execute();
    }
    await repository.bumpVersion();
    const seededMs = performance.now() - seeding;

    const loadBefore = loadAverage();
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    // How long the main thread kept a request waiting at worst while the round ran.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    await t.app.leaderboard.recompute();
    loopDelay.disable();
    const roundMs = performance.now() - started;
    // CPU time of this process over the round: what the round costs, whatever else the machine
    // is running (the wall time is longer by the other processes' share of the cores).
    const cpu = process.cpuUsage(cpuStart);
    const loadAfter = loadAverage();
    const round = t.app.leaderboard.lastRound;
    if (round === null) throw new Error('the round computed no boards');
    const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    printTable(
      `Arena background round (${VOTES} votes, ${MODELS} models, ${round.boards} boards, 100 bootstrap refits each, ${backend})`,
      [
        {
          total: formatMs(roundMs),
          cpu: formatMs((cpu.user + cpu.system) / 1000),
          read_votes: formatMs(round.readMs),
          tables: formatMs(round.tablesMs),
          fits: formatMs(round.fitsMs),
          fit_workers: round.fitWorkers,
          save: formatMs(round.saveMs),
          rss_mb: (process.memoryUsage().rss / 1_048_576).toFixed(0),
        },
      ],
    );
    const delayMs = (q: number) => formatMs(loopDelay.percentile(q) / 1e6);
    console.log(
      `event-loop delay during the round: p50 ${delayMs(50)}, p99 ${delayMs(99)}, max ${formatMs(loopDelay.max / 1e6)} ms`,
    );
    console.log(
      `seeded in ${formatMs(seededMs)} ms; load average before ${loadBefore}, after ${loadAfter}`,
    );

    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/compare/leaderboard?scope=global&period=30d&style_control=true',
        headers: h,
      });
      if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode}`);
      return res.json<{ entries: unknown[] }>();
    };
    const shown = await read();
    if (shown.entries.length !== MODELS) throw new Error(`read ${shown.entries.length} models`);
    printTable(`Reading the computed board (${MODELS} models, ${READS} reads, ${backend})`, [
      await timeSequentialCalls(read, READS),
    ]);
  } finally {
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
