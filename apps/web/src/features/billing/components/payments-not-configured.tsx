import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';

/** Said plainly on a server without Stripe keys; plans and the free plan still work. */
export function PaymentsNotConfigured() {
  return (
    <EmptyState
      icon={CreditCard}
      title="Payments are not configured on this server"
      description="The administrator has not set up card payments, so plans cannot be bought here yet. You can keep using your current plan."
      action={
        <Link to="/pricing" className={buttonClasses('outline')}>
          See plans
        </Link>
      }
    />
  );
}
