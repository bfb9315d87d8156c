import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard } from '../../../../ui/auth-card';
import { buttonClasses } from '../../../../ui/button';
import { Spinner } from '../../../../ui/spinner';

/** The card of a provider round trip: a spinner while finishing, or what went wrong. */
export function OAuthResultCard({
  provider,
  error,
  live = false,
}: {
  provider: 'Google' | 'Apple';
  error: string | null;
  /** Announce the error (it appeared after an attempt); a page that opens on it needs no alert. */
  live?: boolean;
}) {
  if (error === null) {
    return (
      <AuthCard title={`Signing in with ${provider}`}>
        <div role="status" className="flex items-center gap-3 text-sm text-fg-muted">
          <Spinner size="sm" className="text-accent" />
          Finishing your {provider} sign-in…
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`${provider} sign-in did not finish`}>
      <div className="space-y-5">
        <div
          role={live ? 'alert' : undefined}
          className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{error}</p>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Link to="/login" className={buttonClasses('primary', 'md', 'w-full')}>
            Try again
          </Link>
          <Link to="/" className={buttonClasses('outline', 'md', 'w-full')}>
            Back to Parallax
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
