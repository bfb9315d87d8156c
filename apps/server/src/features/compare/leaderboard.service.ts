import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  ARENA_CATEGORIES,
  PROVIDERS,
  type ArenaCategory,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardResponse,
  type Provider,
} from '@parallax/contract';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { PeriodicJob, runExclusively } from '../../infra/periodic-job';
import type { ChatServices } from '../chat';
import { ArenaRepository, type ArenaVoteRow } from './arena.repository';
import { rateArenaInTurns, type ArenaRatings, type ModelRating } from './arena/arena-ratings';
import { BoardRound, type RoundBoard } from './arena/board-round';
import { boardVotes } from './arena/board-votes';
import { fitInParallel } from './arena/parallel-fits';
import type { ModelRow } from './compare.repository';
import { costUsd, tokensPerSecond } from './compare-view';

const DAY_MS = 24 * 60 * 60_000;
const PERIOD_DAYS: Record<LeaderboardPeriod, number | null> = { '7d': 7, '30d': 30, all: null };
const PERIODS = Object.keys(PERIOD_DAYS) as LeaderboardPeriod[];
/** PostgreSQL advisory lock id of the board computation (no other job uses it). */
export const ARENA_BOARDS_LOCK_ID = 7_200_038;
/** Other processes' votes reach this process's boards within this interval. */
const REFRESH_INTERVAL_MS = 30_000;
/** Votes read per query in the background round: bounds the rows held at once. */
const VOTE_PAGE = 5_000;
/** A voter's own board is computed on request, over at most their newest votes. */
const OWN_BOARD_MAX_VOTES = 5_000;
/**
 * Below this many votes in a round the fits take less than starting worker threads (a few tens
 * of milliseconds each, more from source under tsx), so they run in-process.
 */
const MIN_VOTES_FOR_WORKERS = 20_000;
/** A board whose fit never arrived: fitInParallel fits every job or throws. */
const NOT_FITTED: ArenaRatings = { ratings: [], styleCoefficients: null };

/** Where the background round's fits run. */
export interface RoundFits {
  /** Worker threads; 0 fits on the main thread. */
  workers: number;
  /** Rounds of fewer votes fit on the main thread. */
  minVotes: number;
  /** The worker module (tests); by default arena-fit-worker, from source or in the bundle. */
  workerUrl?: URL;
}

export function defaultRoundFits(): RoundFits {
  return { workers: availableParallelism(), minVotes: MIN_VOTES_FOR_WORKERS };
}

export interface BoardFilter {
  period: LeaderboardPeriod;
  category?: ArenaCategory | undefined;
  styleControl: boolean;
}

/** Where the last background round's time went, in milliseconds. */
export interface RoundTimings {
  votes: number;
  boards: number;
  /** Reading the votes page by page and sorting them into the boards they count on. */
  readMs: number;
  /** Cutting each board's pairwise table (and its style covariates) from the shared votes. */
  tablesMs: number;
  /**
   * The fits (full fit and bootstrap refits, plain and style-controlled): wall time spent
   * waiting for them, on `fitWorkers` worker threads side by side (0: on the main thread).
   */
  fitsMs: number;
  fitWorkers: number;
  /** Names, speed and cost figures, and storing the boards. */
  saveMs: number;
  totalMs: number;
}

type Timings = Awaited<ReturnType<ChatServices['records']['comparisonTimings']>>;

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

export function boardKey(filter: BoardFilter): string {
  return `global:${filter.period}:${filter.category ?? 'all'}:${filter.styleControl ? 'style' : 'plain'}`;
}

/**
 * The leaderboard. The global board is computed in the background (one process at a time) and
 * stored, so reading it is one row; a voter's own board is small and computed when asked.
 */
export class LeaderboardService {
  readonly #job: PeriodicJob;
  #running: Promise<void> | null = null;
  #again = false;
  #lastRound: RoundTimings | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    /** Names and prices of the ranked models (the models feature's registry). */
    private readonly modelsOf: (ids: readonly string[]) => Promise<ModelRow[]>,
    /** Chat's stored turns: the comparison answers' timings. */
    private readonly turns: ChatServices['records'],
    private readonly log: FastifyBaseLogger,
    private readonly fits: RoundFits = defaultRoundFits(),
  ) {
    this.#job = new PeriodicJob(
      'arena boards',
      REFRESH_INTERVAL_MS,
      () => this.refreshIfBehind(),
      log,
    );
  }

  start(): void {
    this.#job.start();
  }

  /** Where the time of the last round that computed boards here went, or null. */
  get lastRound(): RoundTimings | null {
    return this.#lastRound;
  }

  async close(): Promise<void> {
    await this.#job.close();
    await this.#running;
  }

  async board(
    scope: { kind: 'owner'; owner: ChatOwner } | { kind: 'all' },
    filter: BoardFilter,
  ): Promise<Omit<LeaderboardResponse, 'scope'>> {
    if (scope.kind === 'owner') return this.#ownBoard(scope.owner, filter);
    const repository = new ArenaRepository(this.db);
    let stored = await repository.board(boardKey(filter));
    if (stored === undefined) {
      // The first read after boot of a fresh database: compute now rather than show nothing.
      await this.recompute();
      stored = await repository.board(boardKey(filter));
    }
    if (stored === undefined) return emptyBoard(filter);
    const { version } = await repository.state();
    // Behind the votes: show this one while the next is computed.
    if (stored.version < version) this.requestRecompute();
    const board = JSON.parse(stored.payload) as Omit<LeaderboardResponse, 'scope'>;
    return { ...board, computed_at: stored.computed_at };
  }

  /** Starts a recomputation unless one is running here (then it runs once more after). */
  requestRecompute(): void {
    void this.recompute().catch((error: unknown) =>
      this.log.warn({ err: error }, 'arena boards failed'),
    );
  }

  /** Recomputes every global board; resolves when this process's round (if any) is done. */
  recompute(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await runExclusively(this.db, ARENA_BOARDS_LOCK_ID, (db) => this.#computeAll(db));
        } while (this.#again);
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  async refreshIfBehind(): Promise<void> {
    const repository = new ArenaRepository(this.db);
    const [{ version }, stored] = await Promise.all([
      repository.state(),
      repository.board(boardKey({ period: 'all', styleControl: false })),
    ]);
    if (stored === undefined || stored.version < version) await this.recompute();
  }

  async #computeAll(db: Kysely<Database>): Promise<void> {
    const started = performance.now();
    const repository = new ArenaRepository(db);
    const { version } = await repository.state();
    const current = await repository.board(boardKey({ period: 'all', styleControl: false }));
    if (current !== undefined && current.version >= version) return;
    const now = new Date();
    const boards: RoundBoard[] = PERIODS.flatMap((period) =>
      [undefined, ...ARENA_CATEGORIES].map((category) => ({
        period,
        since: sinceOf(period, now),
        category,
      })),
    );
    const round = new BoardRound(boards);
    let votes = 0;
    for await (const page of repository.votePages(VOTE_PAGE)) {
      for (const row of page) round.add(row);
      votes += page.length;
      await pause();
    }
    const timings = { readMs: performance.now() - started, tablesMs: 0, fitsMs: 0, saveMs: 0 };
    const fitted = boards.map(() => ({ plain: NOT_FITTED, styled: NOT_FITTED }));
    const counted = boards.map((_, k) => round.store.countOn(k));
    // Largest boards first, style-controlled (the slower fit) before plain: the fits left to
    // run last are the short ones, so the lanes finish close together.
    const jobs = boards
      .flatMap((_, board) =>
        [true, false].map((style) => ({ key: { board, style }, options: { style } })),
      )
      .sort(
        (x, y) =>
          (counted[y.key.board] ?? 0) - (counted[x.key.board] ?? 0) ||
          Number(y.key.style) - Number(x.key.style),
      );
    const fitting = performance.now();
    const { tablesMs, workers } = await fitInParallel(jobs, {
      workers: round.store.voteCount >= this.fits.minVotes ? this.fits.workers : 0,
      ...(this.fits.workerUrl ? { workerUrl: this.fits.workerUrl } : {}),
      tableOf: ({ board, style }) => round.store.table(board, style),
      onFitted: ({ board, style }, ratings) => {
        const results = fitted[board];
        if (results) results[style ? 'styled' : 'plain'] = ratings;
      },
      pause,
      log: this.log,
    });
    timings.tablesMs = tablesMs;
    timings.fitsMs = performance.now() - fitting - tablesMs;
    const saving = performance.now();
    const names = await this.#namesOf(round.store.models);
    const periodTimings = new Map<LeaderboardPeriod, Timings>();
    for (const [k, { period, since, category }] of boards.entries()) {
      const { plain, styled } = fitted[k] ?? { plain: NOT_FITTED, styled: NOT_FITTED };
      let shownTimings = periodTimings.get(period);
      if (shownTimings === undefined) {
        shownTimings = await this.turns.comparisonTimings(null, since);
        periodTimings.set(period, shownTimings);
      }
      for (const styleControl of [false, true]) {
        const board: Omit<LeaderboardResponse, 'scope'> = {
          period,
          category: category ?? null,
          style_control: styleControl,
          total_votes: counted[k] ?? 0,
          excluded: round.excluded[k] ?? emptyBoard({ period, styleControl }).excluded,
          entries: toEntries(
            styleControl ? styled : plain,
            styleControl ? plain : styled,
            names,
            shownTimings,
          ),
          computed_at: null,
        };
        await repository.saveBoard(
          boardKey({ period, category, styleControl }),
          version,
          JSON.stringify(board),
          now.toISOString(),
        );
      }
    }
    timings.saveMs = performance.now() - saving;
    this.#lastRound = {
      votes,
      boards: boards.length * 2,
      fitWorkers: workers,
      ...timings,
      totalMs: performance.now() - started,
    };
    this.log.info({ arenaRound: this.#lastRound }, 'arena boards computed');
  }

  async #ownBoard(
    owner: ChatOwner,
    filter: BoardFilter,
  ): Promise<Omit<LeaderboardResponse, 'scope'>> {
    const since = sinceOf(filter.period, new Date());
    const repository = new ArenaRepository(this.db);
    const rows = await repository.votes(since, owner, OWN_BOARD_MAX_VOTES);
    const { votes, excluded } = boardVotes(rows, { global: false, category: filter.category });
    const [plain, styled, names, timings] = await Promise.all([
      rateArenaInTurns(votes, {}, pause),
      rateArenaInTurns(votes, { style: true }, pause),
      this.#names(rows),
      this.turns.comparisonTimings(owner, since),
    ]);
    return {
      period: filter.period,
      category: filter.category ?? null,
      style_control: filter.styleControl,
      total_votes: votes.length,
      excluded,
      entries: toEntries(
        filter.styleControl ? styled : plain,
        filter.styleControl ? plain : styled,
        names,
        timings,
      ),
      computed_at: null,
    };
  }

  async #names(rows: readonly ArenaVoteRow[]): Promise<Map<string, ModelRow>> {
    const ids = new Set<string>();
    for (const row of rows) for (const m of modelIds(row)) ids.add(m);
    return this.#namesOf([...ids]);
  }

  async #namesOf(ids: readonly string[]): Promise<Map<string, ModelRow>> {
    const models = await this.modelsOf(ids);
    return new Map(models.map((m) => [m.id, m]));
  }
}

function modelIds(row: ArenaVoteRow): string[] {
  try {
    const value: unknown = JSON.parse(row.models ?? '[]');
    return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

function sinceOf(period: LeaderboardPeriod, now: Date): string | null {
  const days = PERIOD_DAYS[period];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS).toISOString();
}

function emptyBoard(filter: BoardFilter): Omit<LeaderboardResponse, 'scope'> {
  return {
    period: filter.period,
    category: filter.category ?? null,
    style_control: filter.styleControl,
    total_votes: 0,
    excluded: { not_blind: 0, visitor: 0, daily_cap: 0, duplicate_prompt: 0 },
    entries: [],
    computed_at: null,
  };
}

function toEntries(
  shown: ArenaRatings,
  other: ArenaRatings,
  names: ReadonlyMap<string, ModelRow>,
  timings: Timings,
): LeaderboardEntry[] {
  const otherRank = new Map(other.ratings.map((r) => [r.model, r.rank]));
  const byModel = new Map<string, Timings>();
  for (const t of timings) {
    if (t.model === null) continue;
    byModel.set(t.model, [...(byModel.get(t.model) ?? []), t]);
  }
  return shown.ratings.map((rated: ModelRating): LeaderboardEntry => {
    const info = names.get(rated.model);
    const rows = byModel.get(rated.model) ?? [];
    return {
      rank: rated.rank,
      other_rank: otherRank.get(rated.model) ?? null,
      model: rated.model,
      provider:
        info && (PROVIDERS as readonly string[]).includes(info.provider)
          ? (info.provider as Provider)
          : null,
      model_friendly_name: info?.friendly_name ?? rated.model,
      rating: rated.rating,
      ci_low: rated.ciLow,
      ci_high: rated.ciHigh,
      provisional: rated.provisional,
      votes: rated.votes,
      wins: rated.wins,
      win_rate: rated.votes === 0 ? 0 : rated.wins / rated.votes,
      avg_ttft_ms: mean(rows.flatMap((r) => (r.ttft_ms === null ? [] : [Number(r.ttft_ms)]))),
      avg_tokens_per_second: mean(
        rows.flatMap((r) => {
          const tps = tokensPerSecond(r);
          return tps === null ? [] : [tps];
        }),
      ),
      avg_cost_usd: mean(
        rows.flatMap((r) => {
          const cost = costUsd(r, info);
          return cost === null ? [] : [cost];
        }),
      ),
    };
  });
}
