import { cn } from '../../../lib/cn';

/** "120 / 500" under a field; red and announced once the text is over the limit. */
export function CharCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  return (
    <span
      id={id}
      aria-live={over ? 'polite' : 'off'}
      className={cn(
        'text-xs tabular-nums',
        over ? 'font-medium text-red-700 dark:text-red-400' : 'text-fg-muted',
      )}
    >
      {length.toLocaleString()} / {max.toLocaleString()}
      {over && ` — ${(length - max).toLocaleString()} too many`}
    </span>
  );
}
