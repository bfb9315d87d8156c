import type { CurrentSubscriptionResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { currentSubscriptionKey } from './billing-keys';

/** GET /billing/subscription: the caller's plan now and their latest subscription. */
export async function getCurrentSubscription(): Promise<CurrentSubscriptionResponse> {
  const res = await http.get<unknown>('/billing/subscription');
  return parseWire('CurrentSubscriptionResponse', res.data);
}

/** `pollMs` asks again on that interval (the success page, until the webhook has arrived). */
export function useCurrentSubscription(pollMs: number | false = false) {
  return useQuery({
    queryKey: currentSubscriptionKey,
    queryFn: getCurrentSubscription,
    refetchInterval: pollMs,
  });
}
