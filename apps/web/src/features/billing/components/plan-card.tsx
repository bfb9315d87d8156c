import type { Plan } from '@parallax/contract';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/badge';
import { formatPrice, perInterval } from '../model/format-price';
import { planIncludedLines } from '../model/plan-included-lines';

/** One plan on /pricing: price, what it includes, and its action (given by the screen). */
export function PlanCard({
  plan,
  current,
  action,
}: {
  plan: Plan;
  current: boolean;
  action: ReactNode;
}) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex w-full min-w-0 flex-col rounded-2xl border bg-surface p-6 shadow-soft',
        current ? 'border-accent ring-1 ring-accent' : 'border-line',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight break-words">
          {plan.name}
        </h2>
        {current && <Badge tone="accent">Current plan</Badge>}
      </div>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="text-3xl font-semibold tracking-tight">
          {formatPrice(plan.price, plan.currency)}
        </span>
        <span className="text-sm text-fg-muted">
          {plan.is_free ? 'forever' : perInterval(plan.interval)}
        </span>
      </p>
      {plan.description && (
        <p className="mt-2 text-sm text-fg-muted break-words">{plan.description}</p>
      )}
      <ul className="mt-5 flex-1 space-y-2 text-sm" aria-label={`${plan.name} includes`}>
        {planIncludedLines(plan).map((line, index) => (
          <li key={`${index}-${line}`} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            <span className="min-w-0 break-words">{line}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </section>
  );
}
