import { ARENA_CATEGORIES } from '@parallax/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { warningsLog } from '../../../test/warnings-log';
import { ArenaRepository } from './arena.repository';
import { mulberry32 } from './arena/arena-ratings';
import { boardKey, LeaderboardService, type RoundFits } from './leaderboard.service';

const MODELS = Array.from({ length: 8 }, (_, i) => `model-${i}`);
const USERS = ['u-1', 'u-2', 'u-3', 'u-4'];
const VOTES = 600;
const DAY_MS = 86_400_000;

/** Votes of every kind the boards sort (periods, categories, 3 panels, ties, exclusions). */
async function storeVotes(t: TestApp): Promise<void> {
  const db = t.app.db;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  await db
    .insertInto('users')
    .values(
      USERS.map((id) => ({
        id,
        email: `${id}@arena.test`,
        password_hash: null,
        name: null,
        avatar_url: null,
        role: 'user',
        email_verified: 1,
        preferences: '{}',
        created_at: iso(now - 60 * DAY_MS),
        updated_at: iso(now - 60 * DAY_MS),
      })),
    )
    .execute();
  const at = (n: number) => iso(now - 45 * DAY_MS * (1 - n / VOTES));
  await db
    .insertInto('compare_sessions')
    .values(
      Array.from({ length: VOTES / 10 }, (_, s) => ({
        id: `session-${s}`,
        user_id: s % 20 === 19 ? null : (USERS[s % USERS.length] ?? null),
        visitor_id: s % 20 === 19 ? `visitor-${s}` : null,
        title: 'Arena',
        blind: 1,
        revealed_at: null,
        created_at: at(s * 10),
        updated_at: at(s * 10),
      })),
    )
    .execute();
  const random = mulberry32(5);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  await db
    .insertInto('compare_votes')
    .values(
      Array.from({ length: VOTES }, (_, n) => {
        const panels = random() < 0.1 ? 3 : 2;
        const chosen: string[] = [];
        while (chosen.length < panels) {
          const m = pick(MODELS);
          if (!chosen.includes(m)) chosen.push(m);
        }
        const outcome = pick(['panel', 'panel', 'panel', 'tie', 'all_bad']);
        return {
          session_id: `session-${Math.floor(n / 10)}`,
          turn_index: n % 10,
          outcome,
          winner_position: outcome === 'panel' ? Math.floor(random() * panels) : null,
          created_at: at(n),
          blind: random() < 0.95 ? 1 : 0,
          models: JSON.stringify(chosen),
          prompt_hash: random() < 0.05 ? `repeat-${n % 5}` : `prompt-${n}`,
          style: JSON.stringify(chosen.map(() => [Math.floor(random() * 3000), pick([0, 4, 9])])),
          categories: JSON.stringify([pick(ARENA_CATEGORIES)]),
          excluded: random() < 0.02 ? 'daily_cap' : null,
          decision_ms: 4_000,
        };
      }),
    )
    .execute();
  await new ArenaRepository(db).bumpVersion();
}

/** Every stored global board, by key. */
async function storedBoards(t: TestApp): Promise<Map<string, string>> {
  const repository = new ArenaRepository(t.app.db);
  const boards = new Map<string, string>();
  for (const period of ['7d', '30d', 'all'] as const)
    for (const category of [undefined, ...ARENA_CATEGORIES])
      for (const styleControl of [false, true]) {
        const key = boardKey({ period, category, styleControl });
        boards.set(key, (await repository.board(key))?.payload ?? 'missing');
      }
  return boards;
}

describe('the background round on worker threads', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await storeVotes(t);
  });
  afterEach(async () => {
    await t?.close();
  });

  const round = async (fits: RoundFits) => {
    const { log, warnings } = warningsLog();
    const service = new LeaderboardService(
      t.app.db,
      (ids) => t.app.models.rowsOf(ids),
      t.app.chat.records,
      log,
      fits,
    );
    await service.recompute();
    await service.close();
    // No worker fell back to the main thread.
    expect(warnings).toEqual([]);
    return service.lastRound;
  };

  it('stores exactly the boards the same round computes on the main thread', async () => {
    const threaded = await round({ workers: 2, minVotes: 0 });
    expect(threaded?.fitWorkers).toBe(2);
    const withWorkers = await storedBoards(t);
    await new ArenaRepository(t.app.db).bumpVersion();
    const inProcess = await round({ workers: 0, minVotes: 0 });
    expect(inProcess?.fitWorkers).toBe(0);
    const withoutWorkers = await storedBoards(t);
    expect(withWorkers.size).toBe(42);
    expect([...withWorkers.values()]).not.toContain('missing');
    const all = JSON.parse(withWorkers.get(boardKey({ period: 'all', styleControl: true })) ?? '');
    expect(all.entries).toHaveLength(MODELS.length);
    expect(withWorkers).toEqual(withoutWorkers);
  });

  it('fits a round smaller than minVotes on the main thread', async () => {
    const small = await round({ workers: 2, minVotes: VOTES + 1 });
    expect(small?.fitWorkers).toBe(0);
  });
});
