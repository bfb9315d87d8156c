import { cn } from '../../../../lib/cn';
import { passwordStrength } from '../../validation';

const BAR_TONES = ['bg-line', 'bg-red-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'];
const TEXT_TONES = [
  'text-fg-muted',
  'text-red-600 dark:text-red-400',
  'text-amber-700 dark:text-amber-400',
  'text-emerald-700 dark:text-emerald-400',
  'text-emerald-700 dark:text-emerald-400',
];

/** Four bars and a short hint under a new-password field. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { level, label, hint } = passwordStrength(password);
  return (
    <div aria-live="polite">
      <div className="flex gap-1" aria-hidden>
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              'h-1 flex-1 rounded-full transition-colors',
              password !== '' && bar <= level ? BAR_TONES[level] : 'bg-surface-3',
            )}
          />
        ))}
      </div>
      <p className="mt-1.5 text-xs text-fg-muted">
        {password !== '' && (
          <span className={cn('font-medium', TEXT_TONES[level])}>Strength: {label}. </span>
        )}
        {password === '' ? 'Use 8 to 128 characters. A few unrelated words work well.' : hint}
      </p>
    </div>
  );
}
