import { AUTH_FALLBACK_MESSAGES, type Theme } from '@parallax/contract';
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../ui/toast/toast-store';
import { authErrorMessage, type AuthUser } from '../../auth';
import { useModels } from '../../chat';
import { updateProfile } from '../api/update-profile';
import { SettingsSection } from './settings-section';

export type ThemeChoice = Theme;

/** The app's theme, handed in by the app shell (features do not import it). */
export interface ThemeControl {
  choice: ThemeChoice;
  setChoice: (choice: ThemeChoice) => void;
}

const THEMES: ReadonlyArray<{ value: ThemeChoice; label: string; icon: LucideIcon }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

const AUTOMATIC = '';

export function PreferencesSection({ user, theme }: { user: AuthUser; theme: ThemeControl }) {
  const models = useModels();
  const selectId = useId();
  const [saving, setSaving] = useState(false);
  const usable = (models.data ?? []).filter((m) => m.available);

  const save = async (changes: Parameters<typeof updateProfile>[0], done: string) => {
    setSaving(true);
    try {
      await updateProfile(changes);
      toast.success(done);
    } catch (e) {
      toast.error('Could not save', authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    } finally {
      setSaving(false);
    }
  };

  const chooseTheme = (choice: ThemeChoice) => {
    // Applied at once on this device; saved so other devices follow.
    theme.setChoice(choice);
    void save({ preferences: { theme: choice } }, 'Theme saved');
  };

  const chooseModel = (id: string) => {
    const model = usable.find((m) => m.id === id);
    void save(
      {
        preferences: {
          default_model: model?.id ?? null,
          default_provider: model?.provider ?? null,
        },
      },
      'Default model saved',
    );
  };

  return (
    <SettingsSection
      title="Preferences"
      description="Appearance and the model new chats start with."
    >
      <div className="space-y-5">
        <div>
          <p id={`${selectId}-theme`} className="mb-1.5 text-sm font-medium">
            Theme
          </p>
          <div
            role="radiogroup"
            aria-labelledby={`${selectId}-theme`}
            className="grid max-w-sm grid-cols-3 gap-1 rounded-xl border border-line bg-surface-2/60 p-1"
          >
            {THEMES.map(({ value, label, icon: Icon }) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={theme.choice === value}
                onClick={() => chooseTheme(value)}
                className={cn(
                  'flex h-9 items-center justify-center gap-1.5 rounded-lg text-sm font-medium transition-colors',
                  theme.choice === value
                    ? 'bg-surface text-fg shadow-soft'
                    : 'text-fg-subtle hover:text-fg',
                )}
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </button>
            ))}
          </div>
        </div>
        {usable.length > 0 && (
          <div>
            <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium">
              Default model
            </label>
            <select
              id={selectId}
              value={user.preferences?.default_model ?? AUTOMATIC}
              disabled={saving}
              onChange={(e) => chooseModel(e.target.value)}
              className="h-11 w-full max-w-sm rounded-xl border border-line bg-surface px-3 text-sm text-fg hover:border-line-strong focus:border-accent focus:outline-none disabled:opacity-60"
            >
              <option value={AUTOMATIC}>Automatic</option>
              {usable.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.friendly_name}
                  {m.is_demo ? ' (offline demo)' : ''}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </SettingsSection>
  );
}
