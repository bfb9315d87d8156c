import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError, Input } from '../../../../ui/input';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error: string | null;
  /** Right of the label (e.g. "Forgot password?"). */
  aside?: ReactNode;
  /** Below the input when there is no error. */
  hint?: ReactNode;
}

/** Label, input and inline error, wired for screen readers. */
export function TextField({ label, error, aside, hint, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        {aside}
      </div>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        {...input}
      />
      <FieldError id={errorId} message={error} />
      {!error && hint && (
        <div id={hintId} className="mt-1.5 text-xs text-fg-muted">
          {hint}
        </div>
      )}
    </div>
  );
}
