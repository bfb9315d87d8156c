import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden
      className={cn('animate-pulse rounded-lg bg-surface-3/70', className)}
      {...rest}
    />
  );
}
