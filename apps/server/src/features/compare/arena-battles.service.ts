import { randomInt } from 'node:crypto';
import type { ArenaBattleRequest, CompareSession, LeaderboardEntry } from '@parallax/contract';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { AppError, isAppError } from '../../infra/errors';
import type { LimitsService } from '../limits';
import type { ModelsService } from '../models/models.service';
import type { CompareService } from './compare.service';
import type { LeaderboardService } from './leaderboard.service';

/** A model the arena has not rated yet counts as this uncertain (rating points of interval). */
const UNRATED_WIDTH = 800;
/** Pairs whose intervals overlap are the ones whose order is unsettled: drawn this much more. */
const OVERLAP_BOOST = 2;

/**
 * Random battles: two models the caller may use, blind, drawn with probability proportional to
 * how little the arena knows about the pair (the sum of the two interval widths, more when the
 * intervals overlap), so votes go where the board is least certain.
 */
export class ArenaBattles {
  constructor(
    private readonly deps: {
      compare: CompareService;
      models: Pick<ModelsService, 'catalogue'>;
      limits: Pick<LimitsService, 'assertModelAllowed'>;
      leaderboard: Pick<LeaderboardService, 'board'>;
    },
  ) {}

  async start(owner: ChatOwner, request: ArenaBattleRequest): Promise<CompareSession> {
    const { models } = await this.deps.models.catalogue();
    const allowed: typeof models = [];
    for (const info of models) {
      if (!info.available) continue;
      try {
        await this.deps.limits.assertModelAllowed(owner, info, 'models');
        allowed.push(info);
      } catch (error) {
        if (!isAppError(error)) throw error;
      }
    }
    // The offline demo models battle only where there is nothing else to compare.
    const real = allowed.filter((m) => !m.is_demo);
    const usable = (real.length >= 2 ? real : allowed).map((m) => m.id);
    if (usable.length < 2)
      throw new AppError('conflict', 'A random battle needs two models you can use.');
    const board = await this.deps.leaderboard.board(
      { kind: 'all' },
      { period: 'all', styleControl: false },
    );
    const [a, b] = drawPair(usable, new Map(board.entries.map((e) => [e.model, e])));
    return this.deps.compare.create(owner, {
      models: [a, b],
      blind: true,
      ...(request.comparison_id ? { comparison_id: request.comparison_id } : {}),
    });
  }
}

/** Draws one pair, weighted by uncertainty; `random` is a CSPRNG's integer below `bound`. */
export function drawPair(
  models: readonly string[],
  rated: ReadonlyMap<string, Pick<LeaderboardEntry, 'ci_low' | 'ci_high'>>,
  random: (bound: number) => number = randomInt,
): [string, string] {
  const pairs: { a: string; b: string; weight: number }[] = [];
  for (let i = 0; i < models.length; i += 1)
    for (let j = i + 1; j < models.length; j += 1) {
      const a = models[i] as string;
      const b = models[j] as string;
      const ra = rated.get(a);
      const rb = rated.get(b);
      const width = (r: typeof ra) => (r ? r.ci_high - r.ci_low : UNRATED_WIDTH);
      const overlap = !ra || !rb || (ra.ci_low <= rb.ci_high && rb.ci_low <= ra.ci_high);
      pairs.push({ a, b, weight: (width(ra) + width(rb)) * (overlap ? OVERLAP_BOOST : 1) });
    }
  // Integer weights (tenths of a point) for an exact draw from the CSPRNG.
  const scaled = pairs.map((p) => Math.max(1, Math.round(p.weight * 10)));
  let pick = random(scaled.reduce((sum, w) => sum + w, 0));
  for (const [k, pair] of pairs.entries()) {
    pick -= scaled[k] ?? 0;
    if (pick < 0) return [pair.a, pair.b];
  }
  const last = pairs[pairs.length - 1];
  if (!last) throw new AppError('conflict', 'A random battle needs two models you can use.');
  return [last.a, last.b];
}
