import type { Subscription } from '@parallax/contract';
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../ui/button';
import { formatDay } from '../../model/format-day';

/**
 * What needs the subscriber's hand now: a failed renewal (the plan stays until the grace period
 * ends) or a first payment never completed.
 */
export function SubscriptionBanner({ subscription }: { subscription: Subscription }) {
  const payPath = `/subscription/${encodeURIComponent(subscription.id)}/payment`;
  let title: string;
  let text: string;
  if (subscription.status === 'past_due') {
    title = 'Your last payment failed';
    text = subscription.grace
      ? `You keep ${subscription.plan.name} until ${formatDay(subscription.grace.access_until)}. Pay the invoice or update your card before then to keep it.`
      : `Pay the invoice or update your card to keep ${subscription.plan.name}.`;
  } else if (subscription.status === 'unpaid') {
    title = 'Your subscription is unpaid';
    text = `${subscription.plan.name} is paused until the overdue invoice is paid.`;
  } else if (subscription.status === 'incomplete') {
    title = 'Your payment is not complete';
    text = `${subscription.plan.name} starts once the first invoice is paid.`;
  } else return null;
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <AlertTriangle className="size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5">{text}</p>
      </div>
      <Link to={payPath} className={buttonClasses('primary', 'sm')}>
        Pay now
      </Link>
    </div>
  );
}
