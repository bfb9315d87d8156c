import type { CurrentSubscriptionResponse } from '@parallax/contract';

export type CheckoutProgress =
  /** Stripe took the card; its webhook has not reached the server yet. */
  | { kind: 'waiting' }
  /** The webhook arrived: the plan is the caller's. */
  | { kind: 'granted' }
  /** The subscription ended unpaid (or was cancelled) before it was granted. */
  | { kind: 'failed' }
  /** Stripe's redirect said the payment step did not complete. */
  | { kind: 'not-completed' };

/**
 * Where a checkout stands on the success page, from the server's webhook-synced state (never
 * from the browser's word). `subscriptionId` is the one this checkout was for, when known: an
 * older subscription of the same user must not end the wait.
 */
export function checkoutProgress(
  current: CurrentSubscriptionResponse | undefined,
  subscriptionId: string | null,
  redirectStatus: string | null,
): CheckoutProgress {
  const sub = current?.subscription ?? null;
  const ours = sub !== null && (subscriptionId === null || sub.id === subscriptionId);
  if (ours && sub.grants_access) return { kind: 'granted' };
  if (ours && (sub.status === 'incomplete_expired' || sub.status === 'canceled'))
    return { kind: 'failed' };
  if (redirectStatus === 'failed') return { kind: 'not-completed' };
  return { kind: 'waiting' };
}
