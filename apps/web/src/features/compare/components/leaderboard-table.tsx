import type { LeaderboardEntry } from '@parallax/contract';
import { formatCost } from '../../../lib/format-numbers';
import { RatingIntervalBar } from './rating-interval-bar';

function fixed(value: number | null, digits: number, unit = ''): string {
  return value === null ? '–' : `${value.toFixed(digits)}${unit}`;
}

/** The other board's rank, as an arrow: how style control moves the model. */
function RankShift({ entry, styleControl }: { entry: LeaderboardEntry; styleControl: boolean }) {
  if (!styleControl || entry.other_rank === null || entry.other_rank === entry.rank) return null;
  const up = entry.rank < entry.other_rank;
  return (
    <span
      className={`ml-1 text-xs ${up ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}
      title={`Rank ${entry.other_rank} without style control`}
    >
      {up ? '↑' : '↓'}
      {Math.abs(entry.other_rank - entry.rank)}
    </span>
  );
}

/** Ranked models: shared ranks where intervals overlap, rating with its interval, speed, cost. */
export function LeaderboardTable({
  entries,
  styleControl,
}: {
  entries: readonly LeaderboardEntry[];
  styleControl: boolean;
}) {
  const min = Math.min(...entries.map((e) => e.ci_low));
  const max = Math.max(...entries.map((e) => e.ci_high));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-fg-muted">
          <tr>
            <th className="px-2 py-1" title="1 + models whose whole interval lies above this one">
              Rank
            </th>
            <th className="px-2 py-1">Model</th>
            <th className="px-2 py-1">Rating (95% CI)</th>
            <th className="hidden px-2 py-1 sm:table-cell">Interval</th>
            <th className="px-2 py-1">Votes</th>
            <th className="px-2 py-1">Win rate</th>
            <th className="px-2 py-1">TTFT</th>
            <th className="px-2 py-1">tok/s</th>
            <th className="px-2 py-1">Cost</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.model} className="border-t border-line" data-testid="leaderboard-row">
              <td className="px-2 py-1 whitespace-nowrap" data-testid="leaderboard-rank">
                {e.rank}
                <RankShift entry={e} styleControl={styleControl} />
              </td>
              <td className="px-2 py-1 font-medium">
                <span className="whitespace-nowrap">{e.model_friendly_name}</span>
                {e.provisional && (
                  <span
                    className="ml-2 inline-block rounded-full border border-line px-1.5 text-xs font-normal text-fg-muted"
                    title="Too few votes for a settled rating"
                  >
                    provisional
                  </span>
                )}
              </td>
              <td className="px-2 py-1 whitespace-nowrap">
                {Math.round(e.rating)}{' '}
                <span className="text-xs text-fg-muted">
                  ({Math.round(e.ci_low)}–{Math.round(e.ci_high)})
                </span>
              </td>
              <td className="hidden px-2 py-1 sm:table-cell">
                <RatingIntervalBar
                  rating={e.rating}
                  low={e.ci_low}
                  high={e.ci_high}
                  min={min}
                  max={max}
                  provisional={e.provisional}
                />
              </td>
              <td className="px-2 py-1">{e.votes}</td>
              <td className="px-2 py-1">{Math.round(e.win_rate * 100)}%</td>
              <td className="px-2 py-1">{fixed(e.avg_ttft_ms, 0, ' ms')}</td>
              <td className="px-2 py-1">{fixed(e.avg_tokens_per_second, 1)}</td>
              <td className="px-2 py-1">{formatCost(e.avg_cost_usd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
