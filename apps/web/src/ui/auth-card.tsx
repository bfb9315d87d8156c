import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';

/** The centred card every auth screen sits in (no sidebar). */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="w-full max-w-[26rem]">
      <Link
        to="/"
        className="mx-auto mb-8 flex w-fit items-center gap-2.5 rounded-lg"
        aria-label="Parallax home"
      >
        <Logo className="size-9" />
        <span className="text-lg font-semibold tracking-tight">Parallax</span>
      </Link>
      <div className="rounded-2xl border border-line bg-surface p-7 shadow-soft sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1.5 text-sm text-fg-muted">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-fg-muted">{footer}</div>}
    </div>
  );
}
