import type { SubscriptionFigures } from '@parallax/contract';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../ui/skeleton';
import { formatPrice } from '../../billing';
import { useSubscriptionFigures } from '../api/admin-subscriptions';

/** MRR, active subscribers per plan and churn over the last 30 days, above the list. */
export function SubscriptionFiguresRow() {
  const figures = useSubscriptionFigures();
  if (figures.isLoading)
    return (
      <div className="grid gap-3 sm:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
    );
  if (!figures.data)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        Could not load the figures{figures.error ? `: ${figures.error.message}` : '.'}
      </p>
    );
  return <Figures figures={figures.data} />;
}

function Figures({ figures }: { figures: SubscriptionFigures }) {
  const active = figures.active_per_plan.reduce((sum, row) => sum + row.active, 0);
  const churn = figures.churn_30d;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <Figure label="MRR">
        {figures.mrr.length === 0
          ? formatPrice(0, 'usd')
          : figures.mrr.map((row) => (
              <span key={row.currency} className="block">
                {formatPrice(row.amount, row.currency)}
              </span>
            ))}
      </Figure>
      <Figure
        label="Active subscribers"
        detail={
          figures.active_per_plan.length > 0 && (
            <ul className="space-y-0.5">
              {figures.active_per_plan.map((row) => (
                <li key={row.plan_id} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate">{row.plan_name}</span>
                  <span className="tabular-nums">{row.active}</span>
                </li>
              ))}
            </ul>
          )
        }
      >
        {active}
      </Figure>
      <Figure label="Churn, last 30 days" detail={`${churn.canceled} ended of ${churn.base}`}>
        {churn.rate === null ? '—' : `${(churn.rate * 100).toFixed(1)}%`}
      </Figure>
    </dl>
  );
}

function Figure({
  label,
  children,
  detail,
}: {
  label: string;
  children: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-2xl border border-line bg-surface p-4 shadow-soft">
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{children}</dd>
      {detail && <dd className="mt-2 text-xs text-fg-muted">{detail}</dd>}
    </div>
  );
}
