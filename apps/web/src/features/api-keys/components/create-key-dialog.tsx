import {
  API_KEY_NAME_MAX,
  type ApiKeyExpiryDays,
  type CreatedApiKey,
  type ModelInfo,
} from '@parallax/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { FieldError, Input } from '../../../ui/input';
import { createApiKey } from '../api/create-api-key';

const EXPIRY_CHOICES: { value: string; label: string; days: ApiKeyExpiryDays }[] = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
];

const SELECT =
  'h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg hover:border-line-strong focus:border-accent focus:outline-none';

/** "" → null; otherwise a whole number ≥ 1, or an error text naming the field. */
function optionalCount(
  text: string,
  field: string,
): { value: number | null; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < 1)
    return {
      value: null,
      error: `${field} must be a whole number of at least 1, or empty for no limit.`,
    };
  return { value, error: null };
}

interface CreateKeyDialogProps {
  open: boolean;
  models: readonly ModelInfo[];
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}

/** Name, expiry and the key's own optional limits; the secret comes back in onCreated. */
export function CreateKeyDialog({ open, models, onClose, onCreated }: CreateKeyDialogProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('never');
  const [everyModel, setEveryModel] = useState(true);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [budget, setBudget] = useState('');
  const [rpm, setRpm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setName('');
    setExpiry('never');
    setEveryModel(true);
    setPicked(new Set());
    setBudget('');
    setRpm('');
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const budgetValue = optionalCount(budget, 'Monthly token budget');
    const rpmValue = optionalCount(rpm, 'Requests per minute');
    const problem =
      name.trim() === ''
        ? 'Give the key a name.'
        : !everyModel && picked.size === 0
          ? 'Pick at least one model, or allow all models.'
          : (budgetValue.error ?? rpmValue.error);
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      const created = await createApiKey({
        name: name.trim(),
        expires_in_days: EXPIRY_CHOICES.find((c) => c.value === expiry)?.days ?? null,
        allowed_models: everyModel ? null : [...picked],
        monthly_token_budget: budgetValue.value,
        requests_per_minute: rpmValue.value,
      });
      reset();
      onCreated(created);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not create the key.');
    } finally {
      setSaving(false);
    }
  };

  const toggle = (modelId: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(modelId)) next.delete(modelId);
      else next.add(modelId);
      return next;
    });

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && close()}
      title="Create an API key"
      description="Use it from your own code with any OpenAI SDK. It counts toward your daily message allowance."
    >
      <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <div>
          <label htmlFor={`${id}-name`} className="mb-1.5 block text-sm font-medium">
            Name
          </label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={API_KEY_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Laptop scripts"
            autoFocus
            aria-describedby={`${id}-error`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-expiry`} className="mb-1.5 block text-sm font-medium">
            Expires after
          </label>
          <select
            id={`${id}-expiry`}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            className={SELECT}
          >
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Models</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={everyModel}
              onChange={(e) => setEveryModel(e.target.checked)}
              className="size-4 accent-accent"
            />
            All models
          </label>
          {!everyModel && (
            <div className="mt-2 max-h-40 space-y-1.5 overflow-y-auto rounded-xl border border-line p-3">
              {models.map((m) => (
                <label key={m.id} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={picked.has(m.id)}
                    onChange={() => toggle(m.id)}
                    className="mt-0.5 size-4 shrink-0 accent-accent"
                  />
                  <span className="min-w-0">
                    <span className="block">{m.friendly_name}</span>
                    <span className="block truncate font-mono text-xs text-fg-muted">{m.id}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-budget`} className="mb-1.5 block text-sm font-medium">
              Monthly token budget
            </label>
            <Input
              id={`${id}-budget`}
              inputMode="numeric"
              value={budget}
              onChange={(e) => setBudget(e.target.value)}
              placeholder="No limit"
            />
          </div>
          <div>
            <label htmlFor={`${id}-rpm`} className="mb-1.5 block text-sm font-medium">
              Requests per minute
            </label>
            <Input
              id={`${id}-rpm`}
              inputMode="numeric"
              value={rpm}
              onChange={(e) => setRpm(e.target.value)}
              placeholder="No limit"
            />
          </div>
        </div>
        <FieldError id={`${id}-error`} message={error} />
        <div className="flex justify-end gap-2 pt-1">
          <button type="button" className={buttonClasses('outline')} onClick={close}>
            Cancel
          </button>
          <Button type="submit" loading={saving}>
            Create key
          </Button>
        </div>
      </form>
    </Modal>
  );
}
