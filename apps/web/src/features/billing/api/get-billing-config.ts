import type { BillingConfigResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { billingConfigKey } from './billing-keys';

/** GET /billing/config: whether card payments work here (and the publishable key if so). */
export async function getBillingConfig(): Promise<BillingConfigResponse> {
  const res = await http.get<unknown>('/billing/config');
  return parseWire('BillingConfigResponse', res.data);
}

/** Fixed for the server's lifetime, so never refetched on its own. */
export function useBillingConfig() {
  return useQuery({
    queryKey: billingConfigKey,
    queryFn: getBillingConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
