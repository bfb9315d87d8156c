import type { CompareListResponse } from '@parallax/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export const COMPARE_LIST_KEY = ['compare', 'sessions'] as const;

/** GET /compare/sessions?search=: the caller's comparisons, newest first. */
export async function listSessions(search: string): Promise<CompareListResponse> {
  const res = await http.get<unknown>('/compare/sessions', {
    params: { limit: 50, ...(search.trim() ? { search: search.trim() } : {}) },
  });
  return parseWire('CompareListResponse', res.data);
}

export function useCompareSessions(search: string) {
  return useQuery({
    queryKey: [...COMPARE_LIST_KEY, search],
    queryFn: () => listSessions(search),
    placeholderData: keepPreviousData,
  });
}
