import type { ApiKey } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export const apiKeysKey = ['api-keys'] as const;

/** GET /api-keys: the caller's keys, newest first, with this month's usage and a 30-day chart. */
export async function listApiKeys(): Promise<ApiKey[]> {
  const res = await http.get<unknown>('/api-keys');
  return parseWire('ApiKeysResponse', res.data).keys;
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: listApiKeys });
}
