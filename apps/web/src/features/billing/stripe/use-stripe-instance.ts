import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { stripeFor } from './load-stripe';

export type StripeInstanceState =
  | { status: 'loading' }
  | { status: 'ready'; stripe: Stripe }
  | { status: 'failed'; retry: () => void };

/** Stripe.js for `publishableKey`, loaded here so a failed load is a state, not a crash. */
export function useStripeInstance(publishableKey: string): StripeInstanceState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<StripeInstanceState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    stripeFor(publishableKey).then(
      (stripe) => {
        if (!live) return;
        setState(
          stripe
            ? { status: 'ready', stripe }
            : { status: 'failed', retry: () => setAttempt((n) => n + 1) },
        );
      },
      () => {
        if (live) setState({ status: 'failed', retry: () => setAttempt((n) => n + 1) });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);
  return state;
}
