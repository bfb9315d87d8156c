import type { CheckoutSession } from '@parallax/contract';
import { BadgeCheck, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../ui/button';
import { EmptyState } from '../../../../ui/empty-state';

/**
 * A subscription with no invoice left to pay: either it ran out (expired unpaid, or cancelled) and
 * the way on is a fresh checkout, or it is already paid.
 */
export function NothingToPay({ session }: { session: CheckoutSession }) {
  const ended = session.status === 'incomplete_expired' || session.status === 'canceled';
  if (ended) {
    const restart = session.plan.archived ? '/pricing' : checkoutPath(session.plan.id);
    return (
      <EmptyState
        icon={RotateCcw}
        title={
          session.status === 'canceled'
            ? 'This subscription was cancelled'
            : 'This checkout has expired'
        }
        description={
          session.status === 'canceled'
            ? `Nothing is left to pay on it. Start a new ${session.plan.name} subscription to get the plan back.`
            : `It was not paid in time, so nothing was charged. Start again to subscribe to ${session.plan.name}.`
        }
        action={
          <Link to={restart} className={buttonClasses('primary')}>
            {session.plan.archived ? 'See plans' : 'Start again'}
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={BadgeCheck}
      title="Nothing to pay"
      description={`Your ${session.plan.name} subscription is paid up.`}
      action={
        <Link to="/subscription/manage" className={buttonClasses('primary')}>
          Manage subscription
        </Link>
      }
    />
  );
}

export const checkoutPath = (planId: string) =>
  `/subscription/checkout/${encodeURIComponent(planId)}`;
