import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** One block of the profile screen: heading and short description left, controls right on wide screens. */
export function SettingsSection({
  title,
  description,
  children,
  tone = 'default',
  id,
}: {
  /** An anchor a link can open the page at (`/settings#tools`). */
  id?: string;
  title: string;
  description?: string;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const headingId = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'scroll-mt-4 rounded-2xl border bg-surface p-5 shadow-soft sm:p-6',
        tone === 'danger' ? 'border-red-200 dark:border-red-900/60' : 'border-line',
      )}
    >
      <h2
        id={headingId}
        className={cn(
          'text-base font-semibold tracking-tight',
          tone === 'danger' && 'text-red-700 dark:text-red-400',
        )}
      >
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
