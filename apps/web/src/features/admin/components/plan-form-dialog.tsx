import {
  COMPARE_MAX_PANELS,
  COMPARE_MIN_PANELS,
  PLAN_LIMITS,
  PROVIDERS,
  type CreatePlanRequest,
  type Plan,
  type ProviderName,
} from '@parallax/contract';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { FieldError, Input, Textarea } from '../../../ui/input';
import { useModels } from '../../chat';
import {
  EMPTY_PLAN_FORM,
  formValuesOf,
  planRequestOf,
  type PlanFormValues,
} from '../model/plan-form-values';

const SELECT =
  'h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg hover:border-line-strong focus:border-accent focus:outline-none';
const PANELS = Array.from(
  { length: COMPARE_MAX_PANELS - COMPARE_MIN_PANELS + 1 },
  (_, i) => COMPARE_MIN_PANELS + i,
);

interface PlanFormDialogProps {
  open: boolean;
  /** The plan being edited; a new one when absent. */
  plan?: Plan;
  onCancel: () => void;
  /** Resolves null when saved (the dialog closes), else the server's reason. */
  onSave: (body: CreatePlanRequest) => Promise<string | null>;
}

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label} {hint && <span className="font-normal text-fg-muted">({hint})</span>}
      </label>
      {children}
    </div>
  );
}

/** Create a plan, or edit one (the free plan keeps its price of 0). */
export function PlanFormDialog({ open, plan, onCancel, onSave }: PlanFormDialogProps) {
  const [values, setValues] = useState<PlanFormValues>(EMPTY_PLAN_FORM);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const models = useModels().data ?? [];
  const ids = useId();
  useEffect(() => {
    if (open) {
      setValues(plan ? formValuesOf(plan) : EMPTY_PLAN_FORM);
      setProblem(null);
    }
  }, [open, plan]);
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const toggle = <T,>(list: readonly T[], item: T): T[] =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  const invalid = (field: string) => (problem?.field === field ? true : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = planRequestOf(values);
    if (!parsed.ok) {
      setProblem({ field: parsed.field, message: parsed.message });
      return;
    }
    setSaving(true);
    try {
      const failure = await onSave(parsed.body);
      if (failure === null) onCancel();
      else setProblem({ field: 'form', message: failure });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={plan ? `Edit ${plan.name}` : 'New plan'}
      description="Limits apply to everyone on the plan as soon as you save."
      className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
    >
      <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field id={`${ids}-name`} label="Name">
          <Input
            id={`${ids}-name`}
            value={values.name}
            maxLength={PLAN_LIMITS.nameMaxChars}
            autoFocus
            aria-invalid={invalid('name')}
            aria-describedby={`${ids}-name-error`}
            onChange={(e) => set('name', e.target.value)}
            placeholder="e.g. Pro"
          />
          <FieldError id={`${ids}-name-error`} message={errorOf('name')} />
        </Field>
        <Field id={`${ids}-description`} label="Description" hint="optional">
          <Input
            id={`${ids}-description`}
            value={values.description}
            maxLength={PLAN_LIMITS.descriptionMaxChars}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={`${ids}-price`} label="Price">
            <Input
              id={`${ids}-price`}
              inputMode="decimal"
              value={values.price}
              disabled={plan?.is_free}
              aria-invalid={invalid('price')}
              aria-describedby={`${ids}-price-error`}
              onChange={(e) => set('price', e.target.value)}
              placeholder="15.00"
            />
            <FieldError id={`${ids}-price-error`} message={errorOf('price')} />
          </Field>
          <Field id={`${ids}-currency`} label="Currency">
            <Input
              id={`${ids}-currency`}
              value={values.currency}
              maxLength={3}
              disabled={plan?.is_free}
              onChange={(e) => set('currency', e.target.value)}
            />
          </Field>
          <Field id={`${ids}-interval`} label="Billed">
            <select
              id={`${ids}-interval`}
              className={SELECT}
              value={values.interval}
              disabled={plan?.is_free}
              onChange={(e) => set('interval', e.target.value === 'year' ? 'year' : 'month')}
            >
              <option value="month">Monthly</option>
              <option value="year">Yearly</option>
            </select>
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${ids}-daily`} label="Messages a day" hint="empty: unlimited">
            <Input
              id={`${ids}-daily`}
              inputMode="numeric"
              value={values.dailyLimit}
              aria-invalid={invalid('dailyLimit')}
              aria-describedby={`${ids}-daily-error`}
              onChange={(e) => set('dailyLimit', e.target.value)}
            />
            <FieldError id={`${ids}-daily-error`} message={errorOf('dailyLimit')} />
          </Field>
          <Field id={`${ids}-panels`} label="Compare panels">
            <select
              id={`${ids}-panels`}
              className={SELECT}
              value={values.comparePanels}
              onChange={(e) => set('comparePanels', Number(e.target.value))}
            >
              {PANELS.map((n) => (
                <option key={n} value={n}>
                  Up to {n}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-2">
          <label className="inline-flex h-11 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={values.apiAccess}
              onChange={(e) => set('apiAccess', e.target.checked)}
              className="size-4 accent-accent"
            />
            API access
          </label>
          <Field id={`${ids}-keys`} label="API keys" hint="empty: no cap">
            <Input
              id={`${ids}-keys`}
              inputMode="numeric"
              value={values.apiKeyLimit}
              disabled={!values.apiAccess}
              aria-invalid={invalid('apiKeyLimit')}
              aria-describedby={`${ids}-keys-error`}
              onChange={(e) => set('apiKeyLimit', e.target.value)}
            />
            <FieldError id={`${ids}-keys-error`} message={errorOf('apiKeyLimit')} />
          </Field>
        </div>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">
            Providers <span className="font-normal text-fg-muted">(none ticked: all)</span>
          </legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {PROVIDERS.map((provider: ProviderName) => (
              <label key={provider} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={values.providers.includes(provider)}
                  onChange={() => set('providers', toggle(values.providers, provider))}
                  className="size-4 accent-accent"
                />
                {provider}
              </label>
            ))}
          </div>
        </fieldset>
        {models.length > 0 && (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">
              Models <span className="font-normal text-fg-muted">(none ticked: all)</span>
            </legend>
            <div className="grid max-h-40 gap-2 overflow-y-auto rounded-xl border border-line p-3 sm:grid-cols-2">
              {models.map((m) => (
                <label key={m.id} className="inline-flex min-w-0 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={values.models.includes(m.id)}
                    onChange={() => set('models', toggle(values.models, m.id))}
                    className="size-4 shrink-0 accent-accent"
                  />
                  <span className="truncate">{m.friendly_name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Field id={`${ids}-features`} label="Features on /pricing" hint="one a line">
          <Textarea
            id={`${ids}-features`}
            value={values.features}
            onChange={(e) => set('features', e.target.value)}
            placeholder={'Priority support\nEarly access to new models'}
          />
        </Field>
        {problem?.field === 'form' && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {problem.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClasses('outline')} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={buttonClasses('primary')} disabled={saving}>
            {plan ? 'Save plan' : 'Create plan'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
