import type { ApiKey } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

export const apiKeysKey = ['api-keys'] as const;

/** GET /api-keys: the caller's keys, newest first, with this month's usage and a 30-day chart. */
export async function listApiKeys(): Promise<ApiKey[]> {
  const res = await http.get<unknown>('/api-keys');
  return parseWire('ApiKeysResponse', res.data).keys;
}

/** The signed-in user's keys; a visitor (behind the sign-up modal) asks nothing. */
export function useApiKeys() {
  const { isAuthenticated } = useAuth();
  return useQuery({ queryKey: apiKeysKey, queryFn: listApiKeys, enabled: isAuthenticated });
}
