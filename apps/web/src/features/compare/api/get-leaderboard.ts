import type {
  ArenaCategory,
  LeaderboardPeriod,
  LeaderboardQuery,
  LeaderboardQueryParams,
  LeaderboardResponse,
} from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export type LeaderboardScope = LeaderboardQuery['scope'];

export interface LeaderboardFilter {
  period: LeaderboardPeriod;
  scope: LeaderboardScope;
  category: ArenaCategory | null;
  styleControl: boolean;
}

/** GET /compare/leaderboard?period=&scope=&category=&style_control=. */
export async function getLeaderboard(filter: LeaderboardFilter): Promise<LeaderboardResponse> {
  const query: LeaderboardQueryParams = {
    period: filter.period,
    scope: filter.scope,
    style_control: filter.styleControl,
    ...(filter.category ? { category: filter.category } : {}),
  };
  const res = await http.get<unknown>('/compare/leaderboard', { params: query });
  return parseWire('LeaderboardResponse', res.data);
}

export function useLeaderboard(filter: LeaderboardFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['compare', 'leaderboard', filter],
    queryFn: () => getLeaderboard(filter),
    // Votes change it; the tab should show the latest whenever it opens.
    staleTime: 0,
  });
}
