import { CHAT_SETTINGS_LIMITS, type ChatSettings, type ModelInfo } from '@parallax/contract';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Input } from '../../../ui/input';
import { toast } from '../../../ui/toast/toast-store';
import { usePresetMutations } from '../api/save-preset';

interface SaveAsPresetProps {
  model: ModelInfo | null;
  /** The form's settings, checked (null: a field is wrong and says so). */
  settingsOf: () => ChatSettings | null;
}

/** Names and keeps the panel's settings with the chat's model as a preset. */
export function SaveAsPreset({ model, settingsOf }: SaveAsPresetProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { create } = usePresetMutations();
  const id = useId();
  const save = () => {
    const settings = settingsOf();
    if (!settings) return;
    if (name.trim() === '') return setError('Give the preset a name.');
    setError(null);
    create.mutate(
      {
        name: name.trim(),
        provider: model?.provider ?? null,
        model: model?.id ?? null,
        settings,
      },
      {
        onSuccess: (preset) => {
          setName('');
          toast.success(`Preset “${preset.name}” saved`);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        Save as preset
      </label>
      <p className="mt-0.5 text-xs text-fg-muted">
        {model ? `With ${model.friendly_name} and the settings above.` : 'With the settings above.'}
      </p>
      <div className="mt-1.5 flex gap-2">
        <Input
          id={id}
          value={name}
          maxLength={CHAT_SETTINGS_LIMITS.presetName}
          placeholder="Preset name"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            save();
          }}
        />
        <Button variant="secondary" className="h-11" loading={create.isPending} onClick={save}>
          Save as preset
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
