import { cn } from '../lib/cn';

/**
 * An on/off switch: a button with role="switch", so Space and Enter toggle it and screen readers
 * announce it as on or off. Label it with aria-labelledby (or aria-label).
 */
export function Switch({
  checked,
  onCheckedChange,
  disabled = false,
  className,
  ...aria
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        'disabled:cursor-not-allowed disabled:opacity-60',
        // Track and knob keep 3:1 against each other and the page in both themes (WCAG 1.4.11).
        checked ? 'bg-accent' : 'bg-fg-subtle',
        className,
      )}
      {...aria}
    >
      <span
        aria-hidden
        className={cn(
          'size-5 rounded-full shadow-soft transition-transform',
          checked ? 'translate-x-5 bg-accent-fg' : 'translate-x-0 bg-surface',
        )}
      />
    </button>
  );
}
