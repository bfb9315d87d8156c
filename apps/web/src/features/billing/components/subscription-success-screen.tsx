import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, BadgeCheck, Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { Spinner } from '../../../ui/spinner';
import { useCurrentSubscription } from '../api/get-current-subscription';
import { refreshAfterPlanChange } from '../api/refresh-after-plan-change';
import { checkoutProgress } from '../model/checkout-progress';
import { planIncludedLines } from '../model/plan-included-lines';
import { statusLabel } from '../model/subscription-status';

const POLL_MS = 2_000;
/** After this the page says the wait is unusual (the webhook may be delayed or misconfigured). */
const SLOW_AFTER_MS = 45_000;

/**
 * /subscription/success: Stripe has the card; the plan is granted when Stripe's webhook reaches
 * the server. Until then the page polls and shows the subscription's state.
 */
export function SubscriptionSuccessScreen() {
  const [search] = useSearchParams();
  const subscriptionId = search.get('subscription_id');
  const redirectStatus = search.get('redirect_status');
  const [polling, setPolling] = useState(true);
  const current = useCurrentSubscription(polling ? POLL_MS : false);
  const progress = checkoutProgress(current.data, subscriptionId, redirectStatus);
  const slow = useElapsed(SLOW_AFTER_MS, progress.kind === 'waiting');
  const queryClient = useQueryClient();
  const refreshed = useRef(false);

  useEffect(() => {
    if (progress.kind === 'waiting') return;
    setPolling(false);
    if (progress.kind === 'granted' && !refreshed.current) {
      refreshed.current = true;
      void refreshAfterPlanChange(queryClient);
    }
  }, [progress.kind, queryClient]);

  const sub = current.data?.subscription ?? null;
  let body;
  if (current.isError && !current.data)
    body = (
      <LoadFailed
        icon={AlertTriangle}
        title="Could not check your subscription"
        error={current.error}
        onRetry={() => void current.refetch()}
      />
    );
  else if (progress.kind === 'granted' && sub)
    body = (
      <div className="text-center">
        <div className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300">
          <BadgeCheck className="size-7" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">You are on {sub.plan.name}</h1>
        <p className="mt-2 text-sm text-fg-muted">
          Payment received. Your new limits apply from now on.
        </p>
        <ul
          className="mx-auto mt-6 max-w-sm space-y-2 text-left text-sm"
          aria-label={`${sub.plan.name} includes`}
        >
          {planIncludedLines(sub.plan).map((line, index) => (
            <li key={`${index}-${line}`} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
              <span className="min-w-0 break-words">{line}</span>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
          <Link to="/" className={buttonClasses('primary')}>
            Start chatting
          </Link>
          <Link to="/subscription/manage" className={buttonClasses('outline')}>
            Manage subscription
          </Link>
        </div>
      </div>
    );
  else if (progress.kind === 'failed' || progress.kind === 'not-completed')
    body = (
      <EmptyState
        icon={AlertTriangle}
        title="The payment did not go through"
        description={
          progress.kind === 'failed'
            ? 'The subscription ended before it was paid, so nothing was charged.'
            : 'The card was not confirmed. You can try again with the same or another card.'
        }
        action={
          <Link
            to={
              progress.kind === 'not-completed' && subscriptionId
                ? `/subscription/${encodeURIComponent(subscriptionId)}/payment`
                : '/pricing'
            }
            className={buttonClasses('primary')}
          >
            Try again
          </Link>
        }
      />
    );
  else
    body = (
      <div className="text-center" role="status" aria-live="polite">
        <Spinner size="lg" className="mx-auto mb-4 block text-accent" />
        <h1 className="text-2xl font-semibold tracking-tight">Confirming your payment…</h1>
        <p className="mx-auto mt-2 max-w-md text-sm text-fg-muted">
          Stripe has your card. Your plan switches as soon as Stripe confirms the payment to us,
          usually within a few seconds.
        </p>
        {sub && (
          <p className="mt-4 text-sm">
            <span className="text-fg-muted">Subscription status: </span>
            <span className="font-medium">{statusLabel(sub.status)}</span>
          </p>
        )}
        {slow && (
          <p className="mx-auto mt-6 max-w-md rounded-xl border border-line bg-surface-2 p-3 text-sm text-fg-muted">
            This is taking longer than usual. You can leave this page: the plan switches on its own
            once the payment is confirmed, and{' '}
            <Link to="/subscription/manage" className="font-medium text-accent hover:underline">
              your subscription page
            </Link>{' '}
            shows where it stands.
          </p>
        )}
      </div>
    );

  return <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-8 sm:py-16">{body}</div>;
}

/** True once `ms` have passed while `running`. */
function useElapsed(ms: number, running: boolean): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms, running]);
  return elapsed;
}
