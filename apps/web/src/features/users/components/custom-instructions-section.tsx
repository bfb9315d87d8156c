import { PERSONALIZATION_LIMITS, type Personalization } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '../../../ui/button';
import { FieldError, Textarea } from '../../../ui/input';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import { toast } from '../../../ui/toast/toast-store';
import {
  CharCounter,
  personalizationKey,
  updatePersonalization,
  usePersonalization,
} from '../../personalization';
import { SectionLoadFailed } from './section-load-failed';
import { SettingsSection } from './settings-section';

const FIELDS = [
  {
    name: 'about',
    label: 'What should the model know about you?',
    placeholder: 'e.g. I am a nurse in Lyon; I read English and French.',
    max: PERSONALIZATION_LIMITS.aboutMaxChars,
  },
  {
    name: 'style',
    label: 'How should it answer?',
    placeholder: 'e.g. Short answers first, details after. Metric units.',
    max: PERSONALIZATION_LIMITS.styleMaxChars,
  },
] as const;

type Draft = Pick<Personalization, 'about' | 'style'>;

/** Custom instructions for the whole account: sent first in every chat (never in the vault). */
export function CustomInstructionsSection() {
  const ids = useId();
  const queryClient = useQueryClient();
  const settings = usePersonalization();
  const [draft, setDraft] = useState<Draft>({ about: '', style: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = settings.data;
  useEffect(() => {
    if (saved) setDraft({ about: saved.about, style: saved.style });
  }, [saved]);

  const save = async (changes: Partial<Personalization>, done: string) => {
    setSaving(true);
    try {
      const next = await updatePersonalization(changes);
      queryClient.setQueryData(personalizationKey, next);
      setError(null);
      toast.success(done);
    } catch (e) {
      // The draft stays as typed: nothing is lost when the save is refused.
      setError(e instanceof Error ? e.message : 'Could not save.');
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const over = FIELDS.find((f) => draft[f.name].trim().length > f.max);
    if (over) return setError(`${over.label} Keep it to ${over.max} characters or fewer.`);
    void save(
      { about: draft.about.trim(), style: draft.style.trim() },
      'Custom instructions saved',
    );
  };
  const changed =
    saved !== undefined && (draft.about !== saved.about || draft.style !== saved.style);

  return (
    <SettingsSection
      title="Custom instructions"
      description="Sent with every chat, before a project's instructions. Never used in the vault."
    >
      {settings.isError && !saved ? (
        <SectionLoadFailed what="custom instructions" onRetry={() => void settings.refetch()} />
      ) : !saved ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading custom instructions">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <form className="space-y-5" onSubmit={submit}>
          <div className="flex items-center justify-between gap-4">
            <span id={`${ids}-on`} className="text-sm font-medium">
              Use custom instructions
            </span>
            <Switch
              aria-labelledby={`${ids}-on`}
              checked={saved.instructions_enabled}
              disabled={saving}
              onCheckedChange={(on) =>
                void save(
                  { instructions_enabled: on },
                  on ? 'Custom instructions on' : 'Custom instructions off',
                )
              }
            />
          </div>
          {FIELDS.map((f) => (
            <div key={f.name} className="space-y-1.5">
              <label htmlFor={`${ids}-${f.name}`} className="block text-sm font-medium">
                {f.label}
              </label>
              <Textarea
                id={`${ids}-${f.name}`}
                value={draft[f.name]}
                placeholder={f.placeholder}
                aria-invalid={draft[f.name].trim().length > f.max}
                aria-describedby={`${ids}-${f.name}-count`}
                onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}
              />
              <CharCounter
                id={`${ids}-${f.name}-count`}
                length={draft[f.name].trim().length}
                max={f.max}
              />
            </div>
          ))}
          <FieldError id={`${ids}-error`} message={error} />
          <div className="flex justify-end">
            <button
              type="submit"
              className={buttonClasses('primary')}
              disabled={!changed || saving}
            >
              {changed ? 'Save instructions' : 'Saved'}
            </button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
