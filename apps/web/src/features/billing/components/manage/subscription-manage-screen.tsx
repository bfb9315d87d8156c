import type { Plan, Subscription } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Badge } from '../../../../ui/badge';
import { Button, buttonClasses } from '../../../../ui/button';
import { LoadFailed } from '../../../../ui/load-failed';
import { Skeleton } from '../../../../ui/skeleton';
import { toast } from '../../../../ui/toast/toast-store';
import { cancelAtPeriodEnd, resumeSubscription } from '../../api/cancel-subscription';
import { useCurrentSubscription } from '../../api/get-current-subscription';
import { usePlans } from '../../api/list-plans';
import { createBillingPortalUrl } from '../../api/open-billing-portal';
import { refreshAfterPlanChange } from '../../api/refresh-after-plan-change';
import { cardExpiry, cardText } from '../../model/card-text';
import { formatDay } from '../../model/format-day';
import { formatPrice, perInterval } from '../../model/format-price';
import { isLiveSubscription, statusLabel, statusTone } from '../../model/subscription-status';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { ChangePlanDialog } from './change-plan-dialog';
import { InvoicesTable } from './invoices-table';
import { SubscriptionBanner } from './subscription-banner';
import { UpdateCardPanel } from './update-card-panel';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/**
 * /subscription/manage: the plan, its status and renewal, the card on file, plan changes,
 * cancelling at the period's end (and taking it back), invoices, and Stripe's billing portal.
 */
export function SubscriptionManageScreen() {
  const current = useCurrentSubscription();
  const sub = current.data?.subscription ?? null;
  const live = sub !== null && isLiveSubscription(sub.status);
  const changeTo = changeToFrom(useLocation().state);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Subscription</h1>
      {current.isLoading ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-48 rounded-2xl" />
          <Skeleton className="h-32 rounded-2xl" />
        </div>
      ) : current.isError ? (
        <LoadFailed
          icon={CreditCard}
          title="Could not load your subscription"
          error={current.error}
          onRetry={() => void current.refetch()}
        />
      ) : current.data ? (
        <>
          {sub && <SubscriptionBanner subscription={sub} />}
          {live && sub ? (
            <PaidPlanCard subscription={sub} changeTo={changeTo} />
          ) : (
            <FreePlanCard
              plan={current.data.plan}
              ended={sub}
              paymentsConfigured={current.data.payments_configured}
            />
          )}
          {sub && <InvoicesTable />}
        </>
      ) : null}
    </div>
  );
}

function FreePlanCard({
  plan,
  ended,
  paymentsConfigured,
}: {
  plan: Plan;
  ended: Subscription | null;
  paymentsConfigured: boolean;
}) {
  return (
    <section
      aria-labelledby="plan-title"
      className="rounded-2xl border border-line bg-surface p-6 shadow-soft"
    >
      <p className="text-sm text-fg-muted">Your plan</p>
      <h2 id="plan-title" className="mt-1 text-xl font-semibold tracking-tight">
        {plan.name}
      </h2>
      {ended?.ended_at && (
        <p className="mt-2 text-sm text-fg-muted">
          Your {ended.plan.name} subscription ended on {formatDay(ended.ended_at)}.
        </p>
      )}
      {ended?.status === 'incomplete' && (
        <p className="mt-2 text-sm text-fg-muted">
          Your {ended.plan.name} subscription starts once its first invoice is paid.
        </p>
      )}
      <p className="mt-2 text-sm text-fg-muted">
        {paymentsConfigured
          ? 'Upgrade for more messages a day, more models and more panels side by side.'
          : 'Payments are not configured on this server, so paid plans cannot be bought here yet.'}
      </p>
      <Link to="/pricing" className={`${buttonClasses('primary')} mt-5`}>
        See plans
      </Link>
    </section>
  );
}

/** The plan picked on /pricing by someone who already subscribes (router state). */
function changeToFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('changeTo' in state)) return null;
  return typeof state.changeTo === 'string' ? state.changeTo : null;
}

function PaidPlanCard({
  subscription: sub,
  changeTo,
}: {
  subscription: Subscription;
  changeTo: string | null;
}) {
  const queryClient = useQueryClient();
  const plans = usePlans();
  const [changing, setChanging] = useState(changeTo !== null && changeTo !== sub.plan.id);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [updatingCard, setUpdatingCard] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'resume' | 'portal' | null>(null);
  const others = (plans.data?.plans ?? []).filter(
    (plan) => !plan.is_free && !plan.archived && plan.id !== sub.plan.id,
  );
  const endDate = sub.current_period_end ? formatDay(sub.current_period_end) : null;

  const run = async (kind: 'cancel' | 'resume', action: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    try {
      await action();
      toast.success(done);
      await refreshAfterPlanChange(queryClient);
    } catch (error) {
      toast.error(kind === 'cancel' ? 'Could not cancel' : 'Could not resume', reason(error));
    } finally {
      setBusy(null);
      setConfirmCancel(false);
    }
  };

  const openPortal = async () => {
    setBusy('portal');
    try {
      window.location.assign(await createBillingPortalUrl());
    } catch (error) {
      toast.error('Could not open the billing portal', reason(error));
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="plan-title"
      className="rounded-2xl border border-line bg-surface p-6 shadow-soft"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-fg-muted">Your plan</p>
          <h2 id="plan-title" className="mt-1 text-xl font-semibold tracking-tight break-words">
            {sub.plan.name}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            {formatPrice(sub.plan.price, sub.plan.currency)} {perInterval(sub.plan.interval)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone={statusTone(sub.status)}>{statusLabel(sub.status)}</Badge>
          {sub.cancel_at_period_end && <Badge tone="warning">Cancels at period end</Badge>}
        </div>
      </div>

      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-fg-muted">{sub.cancel_at_period_end ? 'Ends on' : 'Renews on'}</dt>
          <dd className="mt-0.5 font-medium">{endDate ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-fg-muted">Card on file</dt>
          <dd className="mt-0.5 font-medium">
            {sub.card ? (
              <>
                {cardText(sub.card)}
                <span className="block text-xs font-normal text-fg-muted">
                  {cardExpiry(sub.card)}
                </span>
              </>
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>

      {sub.cancel_at_period_end && (
        <p className="mt-4 rounded-xl bg-surface-2 p-3 text-sm text-fg-muted">
          You keep {sub.plan.name} until {endDate ?? 'the end of this period'}; then you move to the
          free plan and nothing more is charged.
        </p>
      )}

      <div className="mt-6 flex flex-wrap gap-2">
        {others.length > 0 && !sub.cancel_at_period_end && (
          <Button onClick={() => setChanging(true)}>Change plan</Button>
        )}
        <Button variant="outline" onClick={() => setUpdatingCard(true)} disabled={updatingCard}>
          <CreditCard className="size-4" aria-hidden /> Update card
        </Button>
        {sub.cancel_at_period_end ? (
          <Button
            variant="outline"
            loading={busy === 'resume'}
            onClick={() =>
              void run('resume', resumeSubscription, `${sub.plan.name} will renew as usual`)
            }
          >
            Keep subscription
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setConfirmCancel(true)}>
            Cancel subscription
          </Button>
        )}
        <Button variant="ghost" loading={busy === 'portal'} onClick={() => void openPortal()}>
          <ExternalLink className="size-4" aria-hidden /> Billing portal
        </Button>
      </div>

      {updatingCard && (
        <UpdateCardPanel
          onClose={() => setUpdatingCard(false)}
          onDone={() => {
            setUpdatingCard(false);
            toast.success('Card saved', 'The next invoices will be charged to it.');
            void refreshAfterPlanChange(queryClient);
          }}
        />
      )}

      <ChangePlanDialog
        open={changing}
        currentPlan={sub.plan}
        plans={others}
        initialPlanId={changeTo !== null && others.some((p) => p.id === changeTo) ? changeTo : null}
        onClose={() => setChanging(false)}
        onChanged={(plan) => {
          setChanging(false);
          toast.success(`You are now on ${plan.name}`);
          void refreshAfterPlanChange(queryClient);
        }}
      />
      <ConfirmDialog
        open={confirmCancel}
        title={`Cancel ${sub.plan.name}?`}
        description={`You keep ${sub.plan.name} until ${endDate ?? 'the end of this period'}, then move to the free plan. You can undo this until then.`}
        confirmLabel="Cancel at period end"
        pending={busy === 'cancel'}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() =>
          void run(
            'cancel',
            cancelAtPeriodEnd,
            `${sub.plan.name} ends on ${endDate ?? 'the period end'}`,
          )
        }
      />
    </section>
  );
}
