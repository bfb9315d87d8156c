import { CircleSlash } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';

/** /subscription/cancel: the payer left checkout; nothing was charged and nothing changed. */
export function SubscriptionCancelScreen() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-8 sm:py-16">
      <EmptyState
        icon={CircleSlash}
        title="Checkout cancelled"
        description="Nothing was charged and your plan has not changed. An unfinished checkout expires on its own within a day; you can pick a plan again at any time."
        action={
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to="/pricing" className={buttonClasses('primary')}>
              Back to plans
            </Link>
            <Link to="/" className={buttonClasses('outline')}>
              Go to chat
            </Link>
          </div>
        }
      />
    </div>
  );
}
