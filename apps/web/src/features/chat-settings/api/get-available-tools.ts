import type { AvailableToolsResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

/** GET /tools/available: the built-in tools the caller's chats may use. */
export async function getAvailableTools(): Promise<AvailableToolsResponse> {
  const res = await http.get<unknown>('/tools/available');
  return parseWire('AvailableToolsResponse', res.data);
}

/** Asked again when the account changes (a plan allows tools, another does not). */
export function useAvailableTools(accountKey: string) {
  return useQuery({
    queryKey: ['tools', 'available', accountKey],
    queryFn: getAvailableTools,
    staleTime: 60_000,
  });
}
