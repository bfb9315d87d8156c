import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from './badge';

export interface PlaceholderScreenProps {
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
}

/** An honest screen for a feature a later release builds: what it will do, and that it is coming. */
export function PlaceholderScreen({
  icon: Icon,
  title,
  description,
  children,
}: PlaceholderScreenProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-5 py-10 sm:px-8 sm:py-14">
      <header className="flex items-start gap-4">
        <div className="grid size-11 shrink-0 place-items-center rounded-xl border border-line bg-surface text-accent shadow-soft">
          <Icon className="size-5" aria-hidden />
        </div>
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-fg-muted">{description}</p>
        </div>
      </header>
      <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-line-strong/70 bg-surface/50 px-6 py-14 text-center">
        <Badge tone="accent">Coming soon</Badge>
        <p className="mt-3 max-w-sm text-sm text-fg-muted">
          This part of Parallax is being built. It will appear here when it is ready.
        </p>
        {children}
      </div>
    </div>
  );
}
