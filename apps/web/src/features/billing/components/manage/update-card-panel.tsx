import type { SetupIntentResponse } from '@parallax/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../../../ui/button';
import { Skeleton } from '../../../../ui/skeleton';
import { createSetupIntent } from '../../api/create-setup-intent';
import { StripeCardForm } from '../card-form/stripe-card-form';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/**
 * A new card for the coming invoices: a SetupIntent confirmed by Stripe.js (3-D Secure included).
 * Inline rather than in a modal: Stripe's authentication window opens over the page, and a modal
 * dialog would make everything outside itself inert.
 */
export function UpdateCardPanel({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const [intent, setIntent] = useState<SetupIntentResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    createSetupIntent().then(
      (answer) => live && setIntent(answer),
      (failure: unknown) => live && setError(reason(failure)),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <div className="mt-4 rounded-xl border border-line bg-surface-2/50 p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">New card</h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
      {error ? (
        <div role="alert" className="space-y-3 text-sm">
          <p className="text-red-700 dark:text-red-300">{error}</p>
          <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : intent ? (
        <StripeCardForm
          publishableKey={intent.publishable_key}
          clientSecret={intent.client_secret}
          intent="setup"
          submitLabel="Save card"
          returnPath="/subscription/manage"
          onConfirmed={onDone}
        />
      ) : (
        <Skeleton className="h-40 rounded-xl" />
      )}
    </div>
  );
}
