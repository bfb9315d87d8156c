import type { CheckoutSession } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, CreditCard, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../../lib/errors/api-error';
import { buttonClasses } from '../../../../ui/button';
import { EmptyState } from '../../../../ui/empty-state';
import { LoadFailed } from '../../../../ui/load-failed';
import { Skeleton } from '../../../../ui/skeleton';
import type { CheckoutTarget } from '../../api/billing-keys';
import { currentSubscriptionKey } from '../../api/billing-keys';
import { useBillingConfig } from '../../api/get-billing-config';
import { useCheckoutSession } from '../../api/start-checkout';
import { formatPrice } from '../../model/format-price';
import { StripeCardForm } from '../card-form/stripe-card-form';
import { PaymentsNotConfigured } from '../payments-not-configured';
import { CheckoutSummary } from './checkout-summary';
import { NothingToPay } from './nothing-to-pay';

/**
 * /subscription/checkout/{planId} and /subscription/{subscriptionId}/payment: the plan and
 * Stripe's card form. Paying does not grant the plan here: the success page waits for Stripe's
 * webhook to say so.
 */
export function CheckoutScreen() {
  const { planId = '', subscriptionId } = useParams();
  const target: CheckoutTarget = subscriptionId ? { subscriptionId } : { planId };
  const config = useBillingConfig();
  const configured = config.data?.payments_configured === true;
  const session = useCheckoutSession(target, configured);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirmed = (paid: CheckoutSession) => {
    void queryClient.invalidateQueries({ queryKey: currentSubscriptionKey });
    void navigate(successPath(paid.subscription_id));
  };

  let body: ReactNode;
  if (config.isLoading || (configured && session.isLoading)) body = <CheckoutSkeleton />;
  else if (config.isError)
    body = (
      <LoadFailed
        icon={CreditCard}
        title="Could not load the checkout"
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  else if (!configured) body = <PaymentsNotConfigured />;
  else if (session.isError) {
    const error = session.error;
    if (isApiError(error) && error.code === 'payments_not_configured')
      body = <PaymentsNotConfigured />;
    else if (isApiError(error) && error.status === 404)
      body = (
        <EmptyState
          icon={SearchX}
          title={subscriptionId ? 'Subscription not found' : 'This plan is not available'}
          description={error.message}
          action={
            <Link to="/pricing" className={buttonClasses('primary')}>
              See plans
            </Link>
          }
        />
      );
    else if (isApiError(error) && error.status === 409)
      body = (
        <EmptyState
          icon={BadgeCheck}
          title="You already have a subscription"
          description={error.message}
          action={
            <Link to="/subscription/manage" className={buttonClasses('primary')}>
              Manage subscription
            </Link>
          }
        />
      );
    else
      body = (
        <LoadFailed
          icon={CreditCard}
          title="Could not start the checkout"
          error={error}
          onRetry={() => void session.refetch()}
        />
      );
  } else if (session.data && !session.data.payable) body = <NothingToPay session={session.data} />;
  else if (session.data?.client_secret) {
    const paying = session.data;
    body = (
      <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
        <CheckoutSummary session={paying} />
        <section
          aria-labelledby="checkout-card-title"
          className="min-w-0 rounded-2xl border border-line bg-surface p-6 shadow-soft"
        >
          <h2 id="checkout-card-title" className="mb-4 text-base font-semibold">
            Pay by card
          </h2>
          <StripeCardForm
            publishableKey={paying.publishable_key}
            clientSecret={paying.client_secret ?? ''}
            intent="payment"
            submitLabel={
              paying.amount_due > 0
                ? `Pay ${formatPrice(paying.amount_due, paying.currency)}`
                : 'Subscribe'
            }
            returnPath={successPath(paying.subscription_id)}
            onConfirmed={() => confirmed(paying)}
          />
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-8 sm:py-10">
      <Link
        to="/pricing"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden /> Plans
      </Link>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">
          {headingFor(subscriptionId, session.data)}
        </h1>
        {session.data?.payable && (
          <Link
            to="/subscription/cancel"
            className="text-sm text-fg-muted underline-offset-2 hover:text-fg hover:underline"
          >
            Cancel checkout
          </Link>
        )}
      </div>
      {body}
    </div>
  );
}

/** Where the payer waits for the webhook; the id lets the page follow this subscription. */
function successPath(subscriptionId: string): string {
  return `/subscription/success?subscription_id=${encodeURIComponent(subscriptionId)}`;
}

function headingFor(subscriptionId: string | undefined, session: CheckoutSession | undefined) {
  if (!subscriptionId) return 'Checkout';
  if (session?.status === 'past_due' || session?.status === 'unpaid')
    return 'Pay the overdue invoice';
  return 'Complete your payment';
}

function CheckoutSkeleton() {
  return (
    <div
      className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]"
      aria-busy="true"
    >
      <Skeleton className="h-80 rounded-2xl" />
      <Skeleton className="h-80 rounded-2xl" />
    </div>
  );
}
