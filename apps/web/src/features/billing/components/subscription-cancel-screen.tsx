import { CircleSlash } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';

/** /subscription/cancel: the payer left checkout; nothing was charged and nothing changed. */
export function SubscriptionCancelScreen() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:px-8">
      <div className="mb-4 grid size-12 place-items-center rounded-2xl border border-line bg-surface text-accent shadow-soft">
        <CircleSlash className="size-5" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">Checkout cancelled</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Nothing was charged and your plan has not changed. An unfinished checkout expires on its own
        within a day; you can pick a plan again at any time.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Link to="/pricing" className={buttonClasses('primary')}>
          Back to plans
        </Link>
        <Link to="/" className={buttonClasses('outline')}>
          Go to chat
        </Link>
      </div>
    </div>
  );
}
