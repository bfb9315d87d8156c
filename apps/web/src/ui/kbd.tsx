import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export function Kbd({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <kbd
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-md border border-line bg-surface-2 px-1.5 font-mono text-[11px] font-medium text-fg-muted',
        className,
      )}
      {...rest}
    />
  );
}
