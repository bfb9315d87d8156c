import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';

export const CODE_LENGTH = 6;

export interface CodeInputProps {
  /** Up to CODE_LENGTH digits. */
  value: string;
  onChange: (value: string) => void;
  /** Called once all boxes hold a digit. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  describedBy?: string;
  /** The group's accessible name. */
  label?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The new digit(s) of a box: typing into a filled box yields old+new (or new+old) text. */
function typedDigits(raw: string, previous: string | undefined): string {
  const digits = digitsOf(raw);
  if (digits.length === 2 && previous) {
    if (digits.startsWith(previous)) return digits.slice(1);
    if (digits.endsWith(previous)) return digits.slice(0, 1);
  }
  return digits;
}

/**
 * Six one-digit boxes: typing moves forward, Backspace goes back, arrows move, and pasting (or an
 * SMS/mail autofill into any box) spreads the digits over all boxes.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  disabled,
  invalid,
  autoFocus,
  describedBy,
  label = 'Verification code',
}: CodeInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  // Focus moves before React re-renders with the new value, so focus handlers read this instead.
  const latest = useRef(value);
  latest.current = value;
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string) => {
    const code = next.slice(0, CODE_LENGTH);
    latest.current = code;
    onChange(code);
    if (code.length === CODE_LENGTH) onComplete?.(code);
  };

  /** Writes digits starting at box `index`, then focuses the box after the last one written. */
  const fill = (index: number, digits: string) => {
    if (digits === '') return;
    const chars = value.padEnd(CODE_LENGTH, ' ').split('');
    // A full code pasted anywhere replaces the whole code.
    const start = digits.length >= CODE_LENGTH ? 0 : index;
    digits
      .slice(0, CODE_LENGTH - start)
      .split('')
      .forEach((d, i) => (chars[start + i] = d));
    const joined = chars.join('');
    // Keep only the contiguous digits from the start: a code has no gaps.
    const contiguous = /^\d*/.exec(joined)?.[0] ?? '';
    commit(contiguous);
    focusBox(Math.min(start + digits.length, CODE_LENGTH - 1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (index < value.length) {
        // A filled box empties and the digits after it close up; focus stays put.
        commit(value.slice(0, index) + value.slice(index + 1));
        focusBox(index);
      } else if (value.length > 0) {
        // An empty box goes back and clears the last digit.
        commit(value.slice(0, -1));
        focusBox(value.length - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, value.length));
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, digitsOf(event.clipboardData.getData('text')));
  };

  return (
    <div role="group" aria-label={label} className="flex justify-between gap-2 sm:gap-2.5">
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          value={value[index] ?? ''}
          // Only the next empty box (or a filled one) takes input: a code is typed in order.
          onFocus={(e) => {
            if (index > latest.current.length) focusBox(latest.current.length);
            else e.currentTarget.select();
          }}
          onChange={(e) =>
            fill(Math.min(index, value.length), typedDigits(e.target.value, value[index]))
          }
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={(e) => onPaste(index, e)}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          className={cn(
            'h-13 w-full min-w-0 rounded-xl border border-line bg-surface text-center font-mono text-xl font-semibold text-fg caret-accent transition-colors sm:h-14',
            'hover:border-line-strong focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
            'disabled:opacity-60 aria-invalid:border-red-500',
          )}
        />
      ))}
    </div>
  );
}
