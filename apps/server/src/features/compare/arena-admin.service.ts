import type {
  ArenaSettings,
  ArenaVoteRecord,
  ArenaVoter,
  ArenaVoterFlag,
  ArenaVotesExportQuery,
  CompareVoteChoice,
} from '@parallax/contract';
import { ArenaCategory } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { ArenaRepository, ArenaVoteRow } from './arena.repository';
import { categoriesOf, exclusionOf, modelsOf } from './arena/board-votes';

const DAY_MS = 24 * 60 * 60_000;
/** Deciding faster than this (median, prompt to vote) is faster than reading two answers. */
const FAST_DECISION_MS = 3_000;
const MIN_VOTES_TO_JUDGE = 10;
/** Picking the first panel this often over many votes: not reading at all. */
const SAME_POSITION_SHARE = 0.9;
const VOTER_WINDOW_DAYS = 30;

/** The admins' side of the arena: the votes export and the automated-voting view. */
export class ArenaAdmin {
  constructor(
    private readonly repository: ArenaRepository,
    private readonly dailyCap: number,
    /** Is this a model of the registry? */
    private readonly knownModel: (id: string) => Promise<boolean>,
  ) {}

  async settings(): Promise<ArenaSettings> {
    return { classifier_model: (await this.repository.state()).classifier_model };
  }

  async setSettings(settings: ArenaSettings): Promise<ArenaSettings> {
    const model = settings.classifier_model;
    if (model !== null && !(await this.knownModel(model)))
      throw new AppError('validation_error', 'classifier_model: no such model.');
    await this.repository.setClassifierModel(model);
    return { classifier_model: model };
  }

  async exportVotes(query: ArenaVotesExportQuery, now = new Date()): Promise<string> {
    const since =
      query.period === 'all'
        ? null
        : new Date(now.getTime() - (query.period === '7d' ? 7 : 30) * DAY_MS).toISOString();
    const judged = new Set<string>();
    const records = (await this.repository.votes(since)).map((row) => toRecord(row, judged));
    if (query.format === 'jsonl') return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
    const header = 'session_id,turn_index,created_at,models,winner,blind,voter,categories,excluded';
    const lines = records.map((r) =>
      [
        r.session_id,
        String(r.turn_index),
        r.created_at,
        r.models.join(' '),
        String(r.winner),
        String(r.blind),
        r.voter,
        r.categories.join(' '),
        r.excluded ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
    return [header, ...lines].join('\r\n') + '\r\n';
  }

  async voters(now = new Date()): Promise<ArenaVoter[]> {
    const since = new Date(now.getTime() - VOTER_WINDOW_DAYS * DAY_MS).toISOString();
    const day = now.toISOString().slice(0, 10);
    const rows = await this.repository.voters(since);
    const voters = await Promise.all(
      rows.map(async (row): Promise<ArenaVoter> => {
        const today = await this.repository.votesOn(row.user_id, day);
        const sorted = [...row.decisions].sort((a, b) => a - b);
        const median = sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? null) : null;
        const firstShare = row.panel_votes ? row.first_panel / row.panel_votes : null;
        const flags: ArenaVoterFlag[] = [];
        if (median !== null && sorted.length >= MIN_VOTES_TO_JUDGE && median < FAST_DECISION_MS)
          flags.push('fast_decisions');
        if (
          firstShare !== null &&
          row.panel_votes >= MIN_VOTES_TO_JUDGE * 2 &&
          firstShare >= SAME_POSITION_SHARE
        )
          flags.push('same_position');
        if (today >= this.dailyCap) flags.push('high_volume');
        return {
          user_id: row.user_id,
          email: row.email,
          votes: row.votes,
          votes_today: today,
          median_decision_ms: median,
          first_panel_share: firstShare,
          flags,
        };
      }),
    );
    return voters.sort((a, b) => b.flags.length - a.flags.length || b.votes - a.votes);
  }
}

function toRecord(row: ArenaVoteRow, judged: Set<string>): ArenaVoteRecord {
  const winner: CompareVoteChoice =
    row.outcome === 'tie' || row.outcome === 'all_bad' ? row.outcome : Number(row.winner_position);
  return {
    session_id: row.session_id,
    turn_index: Number(row.turn_index),
    created_at: row.created_at,
    models: modelsOf(row),
    winner,
    blind: Number(row.blind) === 1,
    voter: row.user_id === null ? 'visitor' : 'user',
    categories: categoriesOf(row).flatMap((c) => {
      const parsed = ArenaCategory.safeParse(c);
      return parsed.success ? [parsed.data] : [];
    }),
    excluded: exclusionOf(row, judged),
  };
}

/** RFC 4180 quoting, and a leading ' for cells a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
