import { forwardRef, type InputHTMLAttributes } from 'react';
import { FieldError, Input } from '../../../ui/input';

interface PinFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Digits only: phones show their number pad. */
  digits?: boolean;
}

/** A PIN or passphrase box: hidden as typed, never saved by the browser. */
export const PinField = forwardRef<HTMLInputElement, PinFieldProps>(function PinField(
  { id, label, value, onChange, error = null, digits = false, ...rest },
  ref,
) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <Input
        ref={ref}
        id={id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        inputMode={digits ? 'numeric' : 'text'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});
