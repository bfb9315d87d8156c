import type { ArenaVotersResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

/** GET /compare/arena/voters (admins): the last 30 days' voters, automated-looking first. */
export async function listArenaVoters(): Promise<ArenaVotersResponse> {
  const res = await http.get<unknown>('/compare/arena/voters');
  return parseWire('ArenaVotersResponse', res.data);
}

export function useArenaVoters(enabled: boolean) {
  return useQuery({ queryKey: ['compare', 'arena-voters'], queryFn: listArenaVoters, enabled });
}
