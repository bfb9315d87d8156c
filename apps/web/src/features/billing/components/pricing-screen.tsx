import type { Plan, PlanInterval } from '@parallax/contract';
import { Sparkles } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useAuth } from '../../auth';
import { useBillingConfig } from '../api/get-billing-config';
import { usePlans } from '../api/list-plans';
import { IntervalSwitch } from './interval-switch';
import { PaymentsUnavailableDialog } from './payments-unavailable-dialog';
import { PlanCard } from './plan-card';

/** The plan a visitor picked travels through sign-up in this query parameter. */
const PICKED = 'plan';

/**
 * /pricing: plans side by side, the caller's current plan marked, monthly or yearly. Picking a
 * paid plan goes to checkout; a visitor signs up first and comes back here with the pick.
 */
export function PricingScreen() {
  const plans = usePlans();
  const config = useBillingConfig();
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [interval, setInterval] = useState<PlanInterval>('month');
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const onPaidPlan =
    plans.data?.plans.find((p) => p.id === plans.data?.current_plan_id)?.is_free === false;

  const choose = useCallback(
    (plan: Plan) => {
      if (!isAuthenticated) {
        void navigate('/signup', {
          state: {
            from: { pathname: '/pricing', search: `?${PICKED}=${encodeURIComponent(plan.id)}` },
          },
        });
      } else if (config.data?.payments_configured && onPaidPlan) {
        // A subscriber changes plans with a proration preview, not a second subscription.
        void navigate('/subscription/manage', { state: { changeTo: plan.id } });
      } else if (config.data?.payments_configured) {
        void navigate(`/subscription/checkout/${encodeURIComponent(plan.id)}`);
      } else {
        setUnavailable(plan.name);
      }
    },
    [config.data, isAuthenticated, navigate, onPaidPlan],
  );

  // Back from sign-up with a pick: carry on where the visitor left off, once.
  const picked = search.get(PICKED);
  useEffect(() => {
    if (!picked || !isAuthenticated || !plans.data || !config.data) return;
    setSearch({}, { replace: true });
    const plan = plans.data.plans.find((p) => p.id === picked);
    if (plan && !plan.is_free && plan.id !== plans.data.current_plan_id) choose(plan);
  }, [picked, isAuthenticated, plans.data, config.data, setSearch, choose]);

  const list = plans.data?.plans ?? [];
  const current = plans.data?.current_plan_id ?? null;
  const shown = list.filter((p) => p.is_free || p.interval === interval);
  const hasPaid = list.some((p) => !p.is_free && p.interval === interval);

  const actionFor = (plan: Plan) => {
    if (plan.id === current)
      return (
        <button type="button" className={`${buttonClasses('outline')} w-full`} disabled>
          Your current plan
        </button>
      );
    if (plan.is_free)
      return isAuthenticated ? (
        <Link to="/subscription/manage" className={`${buttonClasses('outline')} w-full`}>
          Manage subscription
        </Link>
      ) : (
        <Link to="/signup" className={`${buttonClasses('outline')} w-full`}>
          Sign up free
        </Link>
      );
    return (
      <button
        type="button"
        className={`${buttonClasses('primary')} w-full`}
        onClick={() => choose(plan)}
        disabled={config.isLoading}
      >
        Choose {plan.name}
      </button>
    );
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="mb-8 flex flex-col items-center gap-4 text-center">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Pricing</h1>
          <p className="mt-2 text-sm text-fg-muted sm:text-base">
            More messages a day, more models, more panels side by side.
          </p>
        </div>
        <IntervalSwitch value={interval} onChange={setInterval} />
      </div>
      {plans.isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96 rounded-2xl" />
          ))}
        </div>
      ) : plans.isError ? (
        <LoadFailed
          icon={Sparkles}
          title="Could not load the plans"
          error={plans.error}
          onRetry={() => void plans.refetch()}
        />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Plans">
            {shown.map((plan) => (
              <li key={plan.id} className="flex min-w-0">
                <PlanCard plan={plan} current={plan.id === current} action={actionFor(plan)} />
              </li>
            ))}
          </ul>
          {!hasPaid && (
            <p className="mt-6 text-center text-sm text-fg-muted">
              No {interval === 'year' ? 'yearly' : 'monthly'} paid plans are offered yet.
            </p>
          )}
        </>
      )}
      <PaymentsUnavailableDialog planName={unavailable} onClose={() => setUnavailable(null)} />
    </div>
  );
}
