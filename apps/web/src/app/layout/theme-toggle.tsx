import { Check, Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { useThemeStore, type ThemeChoice } from '../theme/theme-store';

const OPTIONS: ReadonlyArray<{ value: ThemeChoice; label: string; icon: LucideIcon }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/**
 * Light, dark, or follow the system, from one icon button: a full-width switch here would take
 * the room of a recent chat (the palette and Settings offer the theme too).
 */
export function ThemeToggle({ className }: { className: string }) {
  const { choice, setChoice } = useThemeStore();
  const current = OPTIONS.find((o) => o.value === choice) ?? OPTIONS[2];
  const Icon = current?.icon ?? Monitor;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Theme: ${current?.label ?? 'System'}`}
        className={className}
      >
        <Icon className="size-4" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        {OPTIONS.map(({ value, label, icon: ItemIcon }) => (
          <DropdownMenuItem key={value} icon={<ItemIcon />} onSelect={() => setChoice(value)}>
            <span className="flex-1">{label}</span>
            {choice === value && <Check className="size-4" aria-label="(chosen)" />}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
