import type { Share } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { sharesKey } from './shares-key';

/** GET /shares: the account's links, the latest changed first. */
export async function listShares(): Promise<Share[]> {
  const res = await http.get<unknown>('/shares');
  return parseWire('ShareListResponse', res.data).shares;
}

export function useShares() {
  return useQuery({ queryKey: [...sharesKey, 'list'], queryFn: listShares });
}
