import { PROVIDERS, type CreateModelRequest, type ProviderName } from '@parallax/contract';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Input } from '../../../ui/input';

const EMPTY = {
  id: '',
  provider: 'openai' as ProviderName,
  model: '',
  friendly_name: '',
  context_window: '128000',
  input_price_per_million: '0',
  output_price_per_million: '0',
  supports_vision: false,
};

/** Adds a model; the server checks every field and names the one it refuses. */
export function ModelForm({ onCreate }: { onCreate: (body: CreateModelRequest) => Promise<void> }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set =
    (field: keyof typeof EMPTY) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((v) => ({
        ...v,
        [field]:
          event.target instanceof HTMLInputElement && event.target.type === 'checkbox'
            ? event.target.checked
            : event.target.value,
      }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onCreate({
        id: values.id.trim(),
        provider: values.provider,
        model: values.model.trim(),
        friendly_name: values.friendly_name.trim(),
        context_window: Number(values.context_window),
        input_price_per_million: Number(values.input_price_per_million),
        output_price_per_million: Number(values.output_price_per_million),
        supports_vision: values.supports_vision,
        enabled: true,
      });
      setValues(EMPTY);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Please try again.');
    } finally {
      setSaving(false);
    }
  };

  const field = (
    name: keyof typeof EMPTY,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <Input
        id={`${id}-${name}`}
        value={String(values[name])}
        onChange={set(name)}
        required
        {...props}
      />
    </div>
  );

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Add a model">
      <div className="grid gap-3 sm:grid-cols-2">
        {field('id', 'Id (used in sends)', { placeholder: 'gpt-5-nano', spellCheck: false })}
        <div>
          <label htmlFor={`${id}-provider`} className="mb-1 block text-sm font-medium">
            Provider
          </label>
          <select
            id={`${id}-provider`}
            value={values.provider}
            onChange={set('provider')}
            className="h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm"
          >
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        {field('model', 'Provider model id', { spellCheck: false })}
        {field('friendly_name', 'Friendly name')}
        {field('context_window', 'Context window (tokens)', { type: 'number', min: 1, step: 1 })}
        {field('input_price_per_million', 'Input $ / million tokens', {
          type: 'number',
          min: 0,
          step: 'any',
        })}
        {field('output_price_per_million', 'Output $ / million tokens', {
          type: 'number',
          min: 0,
          step: 'any',
        })}
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={values.supports_vision}
            onChange={set('supports_vision')}
          />
          Reads images
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <Button type="submit" loading={saving}>
        Add model
      </Button>
    </form>
  );
}
