import type { ArenaCategory, LeaderboardExcluded } from '@parallax/contract';
import type { ArenaVoteRow } from '../arena.repository';
import type { ArenaVote } from './pairwise-table';

/**
 * Which stored votes a board fits on. The global board counts blind votes of accounts, within
 * the daily cap, the first verdict of an account on a prompt; every other vote is counted as
 * excluded with its reason. A voter's own board counts all of theirs.
 */
export function boardVotes(
  rows: readonly ArenaVoteRow[],
  filter: { global: boolean; category?: ArenaCategory | undefined },
): { votes: ArenaVote[]; excluded: LeaderboardExcluded } {
  const excluded: LeaderboardExcluded = {
    not_blind: 0,
    visitor: 0,
    daily_cap: 0,
    duplicate_prompt: 0,
  };
  const votes: ArenaVote[] = [];
  const judged = new Set<string>();
  for (const row of rows) {
    if (filter.category !== undefined && !categoriesOf(row).includes(filter.category)) continue;
    const reason = filter.global ? exclusionOf(row, judged) : null;
    if (reason !== null) {
      excluded[reason] += 1;
      continue;
    }
    const vote = toArenaVote(row);
    if (vote) votes.push(vote);
  }
  return { votes, excluded };
}

/** Why the global board leaves `row` out; `judged` remembers account+prompt pairs seen. */
export function exclusionOf(
  row: ArenaVoteRow,
  judged: Set<string>,
): keyof LeaderboardExcluded | null {
  const standing = standingExclusion(row);
  if (standing !== null) return standing;
  if (row.prompt_hash !== null) {
    const key = judgedKey(row) ?? '';
    if (judged.has(key)) return 'duplicate_prompt';
    judged.add(key);
  }
  return null;
}

/** Why the global board leaves `row` out whichever board it is: every reason but duplicates. */
export function standingExclusion(
  row: ArenaVoteRow,
): Exclude<keyof LeaderboardExcluded, 'duplicate_prompt'> | null {
  if (row.user_id === null) return 'visitor';
  if (Number(row.blind) !== 1) return 'not_blind';
  if (row.excluded === 'daily_cap') return 'daily_cap';
  return null;
}

/** The key duplicate prompts collapse on: one verdict per account and prompt. */
export function judgedKey(row: ArenaVoteRow): string | null {
  return row.prompt_hash === null ? null : `${row.user_id}:${row.prompt_hash}`;
}

export function categoriesOf(row: Pick<ArenaVoteRow, 'categories'>): string[] {
  return parseArray(row.categories).filter((c): c is string => typeof c === 'string');
}

export function modelsOf(row: Pick<ArenaVoteRow, 'models'>): string[] {
  return parseArray(row.models).filter((m): m is string => typeof m === 'string');
}

export function toArenaVote(row: ArenaVoteRow): ArenaVote | null {
  const models = modelsOf(row);
  if (models.length < 2) return null;
  const style = parseArray(row.style).flatMap((s): [number, number][] =>
    Array.isArray(s) && typeof s[0] === 'number' && typeof s[1] === 'number' ? [[s[0], s[1]]] : [],
  );
  return {
    models,
    outcome: row.outcome === 'tie' || row.outcome === 'all_bad' ? row.outcome : 'panel',
    winner: row.winner_position === null ? null : Number(row.winner_position),
    style: style.length === models.length ? style : null,
  };
}

function parseArray(text: string | null): unknown[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as unknown[]) : [];
  } catch {
    return [];
  }
}
