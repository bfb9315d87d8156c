import type { LeaderboardPeriod } from '@parallax/contract';
import { useState } from 'react';
import { formatCost, pluralize } from '../../../lib/format-numbers';
import { useAuth } from '../../auth';
import { useLeaderboard, type LeaderboardScope } from '../api/get-leaderboard';

const PERIODS: { value: LeaderboardPeriod; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'all', label: 'All time' },
];

function fixed(value: number | null, digits: number, unit = ''): string {
  return value === null ? '–' : `${value.toFixed(digits)}${unit}`;
}

/** Bradley–Terry ranking of the models from the user's votes (admins: everybody's). */
export function LeaderboardView() {
  const [period, setPeriod] = useState<LeaderboardPeriod>('all');
  const [scope, setScope] = useState<LeaderboardScope>('mine');
  const { user } = useAuth();
  const { data, isLoading, isError } = useLeaderboard(period, scope);
  return (
    <section aria-label="Leaderboard" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Period" className="flex gap-1">
          {PERIODS.map((p) => (
            <button
              key={p.value}
              type="button"
              aria-pressed={period === p.value}
              onClick={() => setPeriod(p.value)}
              className={`rounded-full px-3 py-1 text-xs ${period === p.value ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-fg'}`}
            >
              {p.label}
            </button>
          ))}
        </div>
        {user?.role === 'admin' && (
          <label className="inline-flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              checked={scope === 'global'}
              onChange={(e) => setScope(e.target.checked ? 'global' : 'mine')}
            />
            All users
          </label>
        )}
        {data && (
          <span className="text-xs text-fg-muted" data-testid="leaderboard-votes">
            {pluralize(data.total_votes, 'vote')}
          </span>
        )}
      </div>
      {isLoading && <p className="text-sm text-fg-muted">Loading…</p>}
      {isError && (
        <p role="alert" className="text-sm">
          The leaderboard could not be loaded.
        </p>
      )}
      {data && data.entries.length === 0 && (
        <p className="text-sm text-fg-muted">Vote on a comparison to start the leaderboard.</p>
      )}
      {data && data.entries.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-fg-muted">
              <tr>
                <th className="px-2 py-1">#</th>
                <th className="px-2 py-1">Model</th>
                <th className="px-2 py-1">Rating (95% CI)</th>
                <th className="px-2 py-1">Win rate</th>
                <th className="px-2 py-1">Votes</th>
                <th className="px-2 py-1">TTFT</th>
                <th className="px-2 py-1">tok/s</th>
                <th className="px-2 py-1">Cost</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.model} className="border-t border-line" data-testid="leaderboard-row">
                  <td className="px-2 py-1">{e.rank}</td>
                  <td className="px-2 py-1 font-medium">{e.model_friendly_name}</td>
                  <td className="px-2 py-1">
                    {Math.round(e.rating)}{' '}
                    <span className="text-xs text-fg-muted">
                      ({Math.round(e.ci_low)}–{Math.round(e.ci_high)})
                    </span>
                  </td>
                  <td className="px-2 py-1">{Math.round(e.win_rate * 100)}%</td>
                  <td className="px-2 py-1">{e.votes}</td>
                  <td className="px-2 py-1">{fixed(e.avg_ttft_ms, 0, ' ms')}</td>
                  <td className="px-2 py-1">{fixed(e.avg_tokens_per_second, 1)}</td>
                  <td className="px-2 py-1">{formatCost(e.avg_cost_usd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
