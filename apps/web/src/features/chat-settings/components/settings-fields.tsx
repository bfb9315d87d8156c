import { CHAT_SETTINGS_LIMITS, type ModelInfo } from '@parallax/contract';
import { useId, type ReactNode } from 'react';
import { FieldError, Input, Textarea } from '../../../ui/input';
import type { FormErrors, SettingsForm } from '../model/settings-form';

export const SELECT_FIELD =
  'h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg hover:border-line-strong focus:border-accent focus:outline-none';

interface FieldProps {
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1.5">{children({ id, describedBy: describedBy || undefined })}</div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error ?? null} />
    </div>
  );
}

interface SettingsFieldsProps {
  form: SettingsForm;
  errors: FormErrors;
  onChange: (form: SettingsForm) => void;
  /** The chat's model: what it does not take is said beside the field. */
  model: ModelInfo | null;
}

/** The parameters and system prompt of a chat, each with its own error. */
export function SettingsFields({ form, errors, onChange, model }: SettingsFieldsProps) {
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    onChange({ ...form, [key]: value });
  const unsupported = (name: NonNullable<ModelInfo['supported_parameters']>[number]) =>
    model?.supported_parameters && !model.supported_parameters.includes(name)
      ? `Not supported by ${model.friendly_name}: not sent.`
      : undefined;
  const number = (
    key: 'temperature' | 'top_p' | 'max_output_tokens',
    label: string,
    hint: string,
    step: string,
  ) => (
    <Field label={label} hint={unsupported(key) ?? hint} error={errors[key]}>
      {({ id, describedBy }) => (
        <Input
          id={id}
          name={key}
          inputMode={key === 'max_output_tokens' ? 'numeric' : 'decimal'}
          type="number"
          step={step}
          placeholder="Model default"
          value={form[key]}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <div className="space-y-4">
      <Field
        label="System prompt"
        hint="Sent before every turn of this chat."
        error={errors.system_prompt}
      >
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            name="system_prompt"
            rows={4}
            maxLength={CHAT_SETTINGS_LIMITS.systemPromptLength}
            placeholder="You are a concise assistant…"
            value={form.system_prompt}
            aria-invalid={errors.system_prompt ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => set('system_prompt', e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {number('temperature', 'Temperature', 'From 0 (focused) to 2 (varied).', '0.1')}
        {number('top_p', 'Top-p', 'From 0 to 1.', '0.05')}
        {number('max_output_tokens', 'Max output tokens', 'The longest answer, in tokens.', '1')}
        <Field
          label="Reasoning effort"
          hint={unsupported('reasoning_effort') ?? 'How long a thinking model thinks.'}
          error={errors.reasoning_effort}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              name="reasoning_effort"
              className={SELECT_FIELD}
              value={form.reasoning_effort}
              aria-describedby={describedBy}
              onChange={(e) =>
                set('reasoning_effort', e.target.value as SettingsForm['reasoning_effort'])
              }
            >
              <option value="">Model default</option>
              <option value="low">Low</option>
              <option value="medium">Medium</option>
              <option value="high">High</option>
            </select>
          )}
        </Field>
      </div>
      <Field
        label="Stop sequences"
        hint={
          unsupported('stop') ??
          `One per line, up to ${CHAT_SETTINGS_LIMITS.stopSequences}: the answer ends before one.`
        }
        error={errors.stop}
      >
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            name="stop"
            rows={2}
            className="min-h-16"
            value={form.stop}
            aria-invalid={errors.stop ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => set('stop', e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
