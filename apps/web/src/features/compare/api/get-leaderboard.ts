import type { LeaderboardPeriod, LeaderboardQuery, LeaderboardResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export type LeaderboardScope = LeaderboardQuery['scope'];

/** GET /compare/leaderboard?period=&scope= (global: admins only). */
export async function getLeaderboard(
  period: LeaderboardPeriod,
  scope: LeaderboardScope,
): Promise<LeaderboardResponse> {
  const query: LeaderboardQuery = { period, scope };
  const res = await http.get<unknown>('/compare/leaderboard', { params: query });
  return parseWire('LeaderboardResponse', res.data);
}

export function useLeaderboard(period: LeaderboardPeriod, scope: LeaderboardScope) {
  return useQuery({
    queryKey: ['compare', 'leaderboard', period, scope],
    queryFn: () => getLeaderboard(period, scope),
    // Votes change it; the tab should show the latest whenever it opens.
    staleTime: 0,
  });
}
