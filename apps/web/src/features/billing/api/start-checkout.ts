import type { CheckoutRequest, CheckoutSession } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { checkoutKey, type CheckoutTarget } from './billing-keys';

/** POST /billing/checkout: starts, or resumes, the caller's subscription to a paid plan. */
export async function startCheckout(body: CheckoutRequest): Promise<CheckoutSession> {
  const res = await http.post<unknown>('/billing/checkout', body);
  return parseWire('CheckoutSession', res.data);
}

/** GET /billing/subscriptions/{id}/payment: the unpaid invoice of an existing subscription. */
export async function getSubscriptionPayment(subscriptionId: string): Promise<CheckoutSession> {
  const res = await http.get<unknown>(
    `/billing/subscriptions/${encodeURIComponent(subscriptionId)}/payment`,
  );
  return parseWire('CheckoutSession', res.data);
}

/**
 * The card form's inputs. A query, though checkout is a POST, because the server resumes the same
 * incomplete subscription for a second call: asked once per visit, never again on focus.
 */
export function useCheckoutSession(target: CheckoutTarget, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKey(target),
    queryFn: () =>
      'planId' in target
        ? startCheckout({ plan_id: target.planId })
        : getSubscriptionPayment(target.subscriptionId),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
