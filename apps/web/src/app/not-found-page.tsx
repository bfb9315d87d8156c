import { MESSAGES } from '@parallax/contract';
import { Compass, Home } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import { buttonClasses } from '../ui/button';

/** Any path outside spec §2's table. */
export function NotFoundPage() {
  const { pathname, search, hash } = useLocation();
  useDocumentTitle(MESSAGES.pageNotFound);
  const rows: Array<[string, string]> = [
    ['Path', pathname],
    ['Query', search || '—'],
    ['Hash', hash || '—'],
  ];
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <div className="mb-5 grid size-14 place-items-center rounded-2xl border border-line bg-surface text-accent shadow-soft">
        <Compass className="size-6" aria-hidden />
      </div>
      <p className="text-sm font-semibold text-accent">404</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight">{MESSAGES.pageNotFound}</h1>
      <p className="mt-3 text-fg-muted">
        Nothing lives at{' '}
        <code className="rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-sm text-fg">
          {pathname}
        </code>
        .
      </p>
      <dl className="mt-6 w-full divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface text-left text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-4 px-4 py-2.5">
            <dt className="w-16 shrink-0 text-fg-subtle">{label}</dt>
            <dd className="min-w-0 font-mono break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        <Home className="size-4" aria-hidden /> Go home
      </Link>
    </div>
  );
}
