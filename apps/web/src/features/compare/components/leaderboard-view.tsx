import type { LeaderboardExcluded } from '@parallax/contract';
import { useState } from 'react';
import { pluralize } from '../../../lib/format-numbers';
import { useAuth } from '../../auth';
import { downloadArenaVotes } from '../api/export-votes';
import { useLeaderboard, type LeaderboardFilter } from '../api/get-leaderboard';
import { ArenaVoters } from './arena-voters';
import { LeaderboardFilters } from './leaderboard-filters';
import { LeaderboardTable } from './leaderboard-table';

const EXCLUDED_LABELS: Record<keyof LeaderboardExcluded, string> = {
  not_blind: 'not blind',
  visitor: 'by visitors',
  daily_cap: 'over the daily cap',
  duplicate_prompt: 'repeated prompts',
};

/** The arena: Bradley–Terry ratings with 95% intervals, from everyone's blind votes or yours. */
export function LeaderboardView() {
  const [filter, setFilter] = useState<LeaderboardFilter>({
    period: 'all',
    scope: 'global',
    category: null,
    styleControl: false,
  });
  const { user } = useAuth();
  const { data, isLoading, isError } = useLeaderboard(filter);
  const excluded = data
    ? (Object.keys(EXCLUDED_LABELS) as (keyof LeaderboardExcluded)[]).filter(
        (k) => data.excluded[k] > 0,
      )
    : [];
  return (
    <section aria-label="Leaderboard" className="space-y-3">
      <LeaderboardFilters filter={filter} onChange={setFilter} />
      {data && (
        <p className="text-xs text-fg-muted">
          <span data-testid="leaderboard-votes">{pluralize(data.total_votes, 'vote')}</span>
          {excluded.length > 0 && (
            <span data-testid="leaderboard-excluded">
              {' · excluded: '}
              {excluded.map((k) => `${data.excluded[k]} ${EXCLUDED_LABELS[k]}`).join(', ')}
            </span>
          )}
          {filter.scope === 'global' && ' · only blind votes of signed-in accounts count'}
        </p>
      )}
      {user?.role === 'admin' && filter.scope === 'global' && (
        <div className="flex gap-2 text-xs">
          <button
            type="button"
            className="text-accent"
            onClick={() => void downloadArenaVotes('csv')}
          >
            Export votes (CSV)
          </button>
          <button
            type="button"
            className="text-accent"
            onClick={() => void downloadArenaVotes('jsonl')}
          >
            Export votes (JSONL)
          </button>
        </div>
      )}
      {isLoading && <p className="text-sm text-fg-muted">Loading…</p>}
      {isError && (
        <p role="alert" className="text-sm">
          The leaderboard could not be loaded.
        </p>
      )}
      {data && data.entries.length === 0 && (
        <p className="text-sm text-fg-muted">
          {filter.category
            ? 'No votes in this category yet.'
            : 'Vote on a blind comparison or a random battle to start the leaderboard.'}
        </p>
      )}
      {data && data.entries.length > 0 && (
        <LeaderboardTable entries={data.entries} styleControl={data.style_control} />
      )}
      {user?.role === 'admin' && filter.scope === 'global' && <ArenaVoters />}
    </section>
  );
}
