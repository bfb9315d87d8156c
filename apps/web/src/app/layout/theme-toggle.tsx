import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useThemeStore, type ThemeChoice } from '../theme/theme-store';

const OPTIONS: ReadonlyArray<{ value: ThemeChoice; label: string; icon: LucideIcon }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** A three-way segmented control: light, dark, or follow the system. */
export function ThemeToggle() {
  const { choice, setChoice } = useThemeStore();
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className="grid grid-cols-3 gap-1 rounded-xl border border-line bg-surface-2/60 p-1"
    >
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={choice === value}
          title={`${label} theme`}
          onClick={() => setChoice(value)}
          className={cn(
            'flex h-7 items-center justify-center gap-1.5 rounded-lg text-xs font-medium transition-colors',
            choice === value ? 'bg-surface text-fg shadow-soft' : 'text-fg-subtle hover:text-fg',
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          <span>{label}</span>
        </button>
      ))}
    </div>
  );
}
