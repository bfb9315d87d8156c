import type { ChangePlanPreview, Plan } from '@parallax/contract';
import { useEffect, useState } from 'react';
import { cn } from '../../../../lib/cn';
import { Button } from '../../../../ui/button';
import { Modal } from '../../../../ui/dialog';
import { Skeleton } from '../../../../ui/skeleton';
import { changePlan, previewPlanChange } from '../../api/change-plan';
import { formatDay } from '../../model/format-day';
import { formatPrice, perInterval } from '../../model/format-price';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/**
 * Pick another paid plan, see Stripe's proration preview for it, then confirm. The change is
 * charged as previewed: the preview's proration date goes back with the confirmation.
 */
export function ChangePlanDialog({
  open,
  currentPlan,
  plans,
  onClose,
  onChanged,
  initialPlanId = null,
}: {
  open: boolean;
  /** Picked on opening (the plan chosen on /pricing). */
  initialPlanId?: string | null;
  currentPlan: Plan;
  /** Active paid plans other than the current one. */
  plans: Plan[];
  onClose: () => void;
  onChanged: (plan: Plan) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [preview, setPreview] = useState<ChangePlanPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setPicked(open ? initialPlanId : null);
    setPreview(null);
    setError(null);
  }, [open, initialPlanId]);

  useEffect(() => {
    if (!picked) return;
    let live = true;
    setPreview(null);
    setError(null);
    previewPlanChange({ plan_id: picked }).then(
      (answer) => live && setPreview(answer),
      (failure: unknown) => live && setError(reason(failure)),
    );
    return () => {
      live = false;
    };
  }, [picked]);

  const confirm = async () => {
    if (!preview) return;
    setSaving(true);
    setError(null);
    try {
      await changePlan({ plan_id: preview.plan.id, proration_date: preview.proration_date });
      onChanged(preview.plan);
    } catch (failure) {
      setError(reason(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !saving && onClose()}
      title="Change plan"
      description={`You are on ${currentPlan.name}. The new plan starts at once: unused time on ${currentPlan.name} is credited and the rest of this period is charged at the new price.`}
      className="sm:max-w-lg"
    >
      <fieldset className="mt-4">
        <legend className="sr-only">New plan</legend>
        <div className="space-y-2">
          {plans.map((plan) => (
            <label
              key={plan.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm transition-colors',
                picked === plan.id
                  ? 'border-accent bg-accent-soft/40'
                  : 'border-line hover:bg-surface-2',
              )}
            >
              <input
                type="radio"
                name="new-plan"
                value={plan.id}
                checked={picked === plan.id}
                onChange={() => setPicked(plan.id)}
                className="accent-[var(--accent)]"
              />
              <span className="min-w-0 flex-1 font-medium break-words">{plan.name}</span>
              <span className="shrink-0 text-fg-muted">
                {formatPrice(plan.price, plan.currency)} {perInterval(plan.interval)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {picked && (
        <div className="mt-4" aria-live="polite">
          {preview ? (
            <PreviewLines preview={preview} />
          ) : error ? null : (
            <Skeleton className="h-24 rounded-xl" />
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={!preview} loading={saving}>
          {preview ? `Switch to ${preview.plan.name}` : 'Switch plan'}
        </Button>
      </div>
    </Modal>
  );
}

/** The change is invoiced at once, unless Stripe schedules the charge for a later day. */
function chargedWhen(nextPaymentAt: string | null): string {
  if (nextPaymentAt === null || Date.parse(nextPaymentAt) - Date.now() < 24 * 3_600_000)
    return 'Charged now';
  return `Charged on ${formatDay(nextPaymentAt)}`;
}

function PreviewLines({ preview }: { preview: ChangePlanPreview }) {
  const money = (minor: number) => formatPrice(minor, preview.currency);
  const prorations = preview.lines.filter((line) => line.proration);
  return (
    <div className="rounded-xl border border-line bg-surface-2/50 p-4 text-sm">
      <h3 className="font-semibold">What changes</h3>
      <ul className="mt-2 space-y-1.5" aria-label="Proration">
        {prorations.map((line, index) => (
          <li key={`${index}-${line.description}`} className="flex justify-between gap-4">
            <span className="min-w-0 break-words text-fg-muted">{line.description}</span>
            <span className="shrink-0 tabular-nums">{money(line.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 border-t border-line pt-3">
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">Adjustment for this period</dt>
          <dd className="tabular-nums">{money(preview.proration_amount)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{chargedWhen(preview.next_payment_at)}</dt>
          <dd className="tabular-nums">{money(preview.amount_due)}</dd>
        </div>
      </dl>
      {preview.proration_amount < 0 && preview.amount_due === 0 && (
        <p className="mt-3 text-xs text-fg-muted">
          The {money(-preview.proration_amount)} left over is kept as credit for your next invoices.
        </p>
      )}
    </div>
  );
}
