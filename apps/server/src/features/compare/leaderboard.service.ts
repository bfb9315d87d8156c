import {
  PROVIDERS,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardResponse,
  type Provider,
} from '@parallax/contract';
import type { ChatServices } from '../chat';
import type { CompareRepository, ModelRow, VoteScope } from './compare.repository';
import { costUsd, tokensPerSecond } from './compare-view';
import { DEFAULT_PRIOR_GAMES, rateWithIntervals, type JudgedTurn } from './ranking';

const DAY_MS = 24 * 60 * 60_000;
const PERIOD_DAYS: Record<LeaderboardPeriod, number | null> = { '7d': 7, '30d': 30, all: null };

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** The leaderboard: Bradley–Terry ratings from verdicts, plus speed and cost from the answers. */
export class LeaderboardService {
  constructor(
    private readonly repository: CompareRepository,
    /** Names and prices of the ranked models (the models feature's registry). */
    private readonly modelsOf: (ids: readonly string[]) => Promise<ModelRow[]>,
    /** Chat's stored turns: the comparison answers' timings. */
    private readonly turns: ChatServices['records'],
  ) {}

  async board(
    scope: VoteScope,
    period: LeaderboardPeriod,
    now: Date = new Date(),
  ): Promise<Omit<LeaderboardResponse, 'scope'>> {
    const days = PERIOD_DAYS[period];
    const since = days === null ? null : new Date(now.getTime() - days * DAY_MS).toISOString();
    const judged = await this.repository.judged(scope, since);
    const panels = await this.repository.panels([...new Set(judged.map((j) => j.session_id))]);
    const turns: JudgedTurn[] = judged.map((row) => ({
      models: panels.filter((p) => p.session_id === row.session_id).map((p) => p.model),
      outcome: row.outcome === 'tie' || row.outcome === 'all_bad' ? row.outcome : 'panel',
      winner: row.winner_position === null ? null : Number(row.winner_position),
    }));
    const ratings = rateWithIntervals(turns, { priorGames: DEFAULT_PRIOR_GAMES });
    const appearances = new Map<string, { votes: number; wins: number }>();
    for (const turn of turns) {
      const winner =
        turn.outcome === 'panel' && turn.winner !== null ? turn.models[turn.winner] : undefined;
      for (const model of new Set(turn.models)) {
        const seen = appearances.get(model) ?? { votes: 0, wins: 0 };
        seen.votes += 1;
        if (model === winner) seen.wins += 1;
        appearances.set(model, seen);
      }
    }
    const ranked = [...appearances.keys()];
    const [models, timings] = await Promise.all([
      this.modelsOf(ranked),
      this.turns.comparisonTimings(scope.kind === 'owner' ? scope.owner : null, since),
    ]);
    const entries = ranked.map((model): Omit<LeaderboardEntry, 'rank'> => {
      const info = models.find((m) => m.id === model);
      const rows = timings.filter((t) => t.model === model);
      const rated = ratings.get(model) ?? { rating: 1000, ciLow: 1000, ciHigh: 1000 };
      const seen = appearances.get(model) ?? { votes: 0, wins: 0 };
      return {
        model,
        provider:
          info && (PROVIDERS as readonly string[]).includes(info.provider)
            ? (info.provider as Provider)
            : null,
        model_friendly_name: info?.friendly_name ?? model,
        rating: rated.rating,
        ci_low: rated.ciLow,
        ci_high: rated.ciHigh,
        votes: seen.votes,
        wins: seen.wins,
        win_rate: seen.votes === 0 ? 0 : seen.wins / seen.votes,
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
    entries.sort(
      (a, b) => b.rating - a.rating || b.win_rate - a.win_rate || a.model.localeCompare(b.model),
    );
    return {
      period,
      total_votes: judged.length,
      entries: entries.map((entry, i) => ({ ...entry, rank: i + 1 })),
    };
  }
}
