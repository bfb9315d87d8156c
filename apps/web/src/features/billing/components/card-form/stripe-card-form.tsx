import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { AlertCircle, CreditCard, Lock } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../../ui/button';
import { EmptyState } from '../../../../ui/empty-state';
import { Skeleton } from '../../../../ui/skeleton';
import { elementsAppearance } from '../../stripe/elements-appearance';
import { stripeErrorMessage } from '../../stripe/stripe-error-message';
import { usePageIsDark } from '../../stripe/use-page-is-dark';
import { useStripeInstance } from '../../stripe/use-stripe-instance';

export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** payment: a subscription's first (or overdue) invoice; setup: a new card for later ones. */
  intent: 'payment' | 'setup';
  submitLabel: string;
  /** Where Stripe sends the payer back after a redirect-based step (same origin). */
  returnPath: string;
  /** Stripe accepted the card; what it means for the plan comes by webhook, not from here. */
  onConfirmed: () => void;
}

/**
 * Stripe's PaymentElement and the button that confirms it. Card details go from Stripe's iframe
 * to Stripe, never through this app; 3-D Secure runs inside `confirmPayment`/`confirmSetup`.
 */
export function StripeCardForm(props: StripeCardFormProps) {
  const instance = useStripeInstance(props.publishableKey);
  const dark = usePageIsDark();
  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret: props.clientSecret, appearance: elementsAppearance(dark) }),
    [props.clientSecret, dark],
  );
  if (instance.status === 'loading') return <CardFormSkeleton />;
  if (instance.status === 'failed')
    return (
      <EmptyState
        icon={CreditCard}
        title="The card form could not load"
        description="Stripe, which takes the card details, could not be reached. Check your connection and try again."
        action={
          <Button variant="outline" onClick={instance.retry}>
            Try again
          </Button>
        }
        className="py-8"
      />
    );
  return (
    // A new client secret is a new intent: Elements cannot switch, so it starts afresh.
    <Elements key={props.clientSecret} stripe={instance.stripe} options={options}>
      <ConfirmForm {...props} />
    </Elements>
  );
}

function CardFormSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading the card form">
      <Skeleton className="h-11 rounded-xl" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-11 rounded-xl" />
        <Skeleton className="h-11 rounded-xl" />
      </div>
      <Skeleton className="h-11 rounded-xl" />
    </div>
  );
}

function ConfirmForm({
  intent,
  submitLabel,
  returnPath,
  onConfirmed,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    const confirmParams = { return_url: new URL(returnPath, window.location.origin).href };
    const result =
      intent === 'payment'
        ? await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams })
        : await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams });
    if (result.error) {
      setError(stripeErrorMessage(result.error));
      setBusy(false);
      return;
    }
    onConfirmed();
  };

  if (loadFailed)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        The card form could not load. Reload the page to try again.
      </p>
    );

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      {/* Stripe shows its own loader until the element is ready. */}
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => setLoadFailed(true)}
        onChange={() => setError(null)}
      />
      {error && (
        <div
          role="alert"
          className="flex gap-2 rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">{error}</span>
        </div>
      )}
      <Button type="submit" size="lg" className="w-full" loading={busy} disabled={!ready || busy}>
        {submitLabel}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-fg-muted">
        <Lock className="size-3.5" aria-hidden /> Card details go straight to Stripe; Parallax never
        sees them.
      </p>
    </form>
  );
}
