import type { Share, ShareSourceKind } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { shareOfKey } from './shares-key';

/** GET /shares/lookup: the link of one chat or comparison, null when it has none. */
export async function lookupShare(kind: ShareSourceKind, sourceId: string): Promise<Share | null> {
  const res = await http.get<unknown>('/shares/lookup', {
    params: { kind, source_id: sourceId },
  });
  return parseWire('ShareLookupResponse', res.data).share;
}

export function useShareOf(kind: ShareSourceKind, sourceId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareOfKey(kind, sourceId),
    queryFn: () => lookupShare(kind, sourceId),
    enabled,
  });
}
