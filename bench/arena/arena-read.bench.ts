import type { LeaderboardEntry, LeaderboardResponse } from '@parallax/contract';
import { ArenaRepository } from '../../apps/server/src/features/compare/arena.repository';
import { boardKey } from '../../apps/server/src/features/compare/leaderboard.service';
import { createTestApp } from '../../apps/server/test/app';
import { bearer, registerAndSignIn } from '../../apps/server/test/auth';
import { printTable, timeSequentialCalls } from '../lib/stats';

/**
 * Reading the arena board: GET /compare/leaderboard?scope=global through the real app
 * (inject: routing, auth, validation, serialisation) while a computed 100-model board is
 * stored, as the background computation leaves it. SQLite by default; PostgreSQL with
 * DATABASE_URL set. 500 reads after 50 warm-up reads.
 */
const READS = 500;
const MODELS = 100;

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const entries: LeaderboardEntry[] = Array.from({ length: MODELS }, (_, i) => ({
      rank: i + 1,
      other_rank: i + 1,
      model: `model-${i}`,
      provider: 'openai',
      model_friendly_name: `Model ${i}`,
      rating: 1300 - i * 6,
      ci_low: 1290 - i * 6,
      ci_high: 1310 - i * 6,
      provisional: false,
      votes: 10_000,
      wins: 5_000,
      win_rate: 0.5,
      avg_ttft_ms: 350,
      avg_tokens_per_second: 80,
      avg_cost_usd: 0.002,
    }));
    const board: Omit<LeaderboardResponse, 'scope'> = {
      period: 'all',
      category: null,
      style_control: false,
      total_votes: 1_000_000,
      excluded: { not_blind: 0, visitor: 0, daily_cap: 0, duplicate_prompt: 0 },
      entries,
      computed_at: null,
    };
    const repository = new ArenaRepository(t.app.db);
    const { version } = await repository.state();
    await repository.saveBoard(
      boardKey({ period: 'all', styleControl: false }),
      version,
      JSON.stringify(board),
      new Date().toISOString(),
    );
    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/compare/leaderboard?scope=global',
        headers: h,
      });
      if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode}`);
    };
    printTable(
      `Arena board read (${MODELS} models, ${READS} reads, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`,
      [await timeSequentialCalls(read, READS)],
    );
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
