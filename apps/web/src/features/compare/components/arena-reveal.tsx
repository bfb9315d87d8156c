import type { ComparePanel, LeaderboardResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth';
import { getLeaderboard, type LeaderboardFilter } from '../api/get-leaderboard';

export const ARENA_BOARD: LeaderboardFilter = {
  period: 'all',
  scope: 'global',
  category: null,
  styleControl: false,
};
/** The board is recomputed in the background: ask again until it has caught up, then stop. */
const POLL_MS = 1_000;
const POLL_FOR_MS = 20_000;

function signed(value: number): string {
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${Math.abs(rounded)}` : '±0';
}

/**
 * After a blind vote: the names, and each model's arena rating with the change since just
 * before the vote (the board as it was then against the board recomputed after).
 */
export function ArenaReveal({
  panels,
  before,
  votedAt,
}: {
  panels: readonly ComparePanel[];
  before: LeaderboardResponse | undefined;
  votedAt: number;
}) {
  const { user } = useAuth();
  const after = useQuery({
    queryKey: ['compare', 'leaderboard', 'after-vote', votedAt],
    queryFn: () => getLeaderboard(ARENA_BOARD),
    refetchInterval: (query) => {
      const computed = query.state.data?.computed_at;
      const caughtUp = computed != null && Date.parse(computed) >= votedAt;
      return caughtUp || Date.now() - votedAt > POLL_FOR_MS ? false : POLL_MS;
    },
  });
  const board = after.data;
  return (
    <div
      className="w-full space-y-1 rounded-xl bg-surface-2 px-3 py-2 text-sm"
      data-testid="arena-reveal"
      aria-live="polite"
    >
      {panels.map((panel) => {
        const was = before?.entries.find((e) => e.model === panel.model);
        const now = board?.entries.find((e) => e.model === panel.model);
        return (
          <p key={panel.index} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">{panel.model_friendly_name ?? panel.label}</span>
            {now ? (
              <span data-testid="arena-rating-change">
                {Math.round(now.rating)}
                {was ? ` (${signed(now.rating - was.rating)})` : ' (new in the arena)'}
              </span>
            ) : (
              <span className="text-fg-muted">{board ? 'not rated yet' : 'updating…'}</span>
            )}
          </p>
        );
      })}
      {!user && (
        <p className="text-xs text-fg-muted">Your vote counts in the arena once you sign up.</p>
      )}
    </div>
  );
}
