import type { CheckoutSession } from '@parallax/contract';
import { Check } from 'lucide-react';
import { formatPrice, perInterval } from '../../model/format-price';
import { planIncludedLines } from '../../model/plan-included-lines';

/** The order: which plan, what it includes, what is charged now and how often after. */
export function CheckoutSummary({ session }: { session: CheckoutSession }) {
  const { plan } = session;
  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="min-w-0 rounded-2xl border border-line bg-surface p-6 shadow-soft"
    >
      <h2 id="checkout-summary-title" className="text-sm font-medium text-fg-muted">
        Order summary
      </h2>
      <p className="mt-2 text-lg font-semibold tracking-tight break-words">{plan.name}</p>
      <p className="mt-1 flex items-baseline gap-1.5">
        <span className="text-3xl font-semibold tracking-tight">
          {formatPrice(plan.price, plan.currency)}
        </span>
        <span className="text-sm text-fg-muted">{perInterval(plan.interval)}</span>
      </p>
      {plan.description && (
        <p className="mt-2 text-sm text-fg-muted break-words">{plan.description}</p>
      )}
      <ul className="mt-5 space-y-2 text-sm" aria-label={`${plan.name} includes`}>
        {planIncludedLines(plan).map((line, index) => (
          <li key={`${index}-${line}`} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            <span className="min-w-0 break-words">{line}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-6 space-y-2 border-t border-line pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">Due today</dt>
          <dd className="font-semibold">{formatPrice(session.amount_due, session.currency)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">Then</dt>
          <dd>
            {formatPrice(plan.price, plan.currency)} {perInterval(plan.interval)}, until you cancel
          </dd>
        </div>
      </dl>
    </section>
  );
}
