import type { PlanInterval } from '@parallax/contract';
import { cn } from '../../../lib/cn';

const OPTIONS: ReadonlyArray<{ value: PlanInterval; label: string }> = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
];

/** Monthly / yearly: which paid plans the page shows. */
export function IntervalSwitch({
  value,
  onChange,
}: {
  value: PlanInterval;
  onChange: (value: PlanInterval) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Billing period"
      className="inline-flex rounded-full border border-line bg-surface-2 p-1"
    >
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-full px-4 py-1.5 text-sm font-medium transition-colors',
            value === option.value
              ? 'bg-surface text-fg shadow-soft'
              : 'text-fg-muted hover:text-fg',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
