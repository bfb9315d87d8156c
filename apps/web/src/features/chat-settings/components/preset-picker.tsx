import type { Preset } from '@parallax/contract';
import { useId } from 'react';
import { usePresets } from '../api/list-presets';

interface PresetPickerProps {
  /** The preset last picked for this chat, if any. */
  value: string | null;
  onPick: (preset: Preset) => void;
}

/** In the composer: a preset fills the chat's model and settings. Hidden without presets. */
export function PresetPicker({ value, onPick }: PresetPickerProps) {
  const { data: presets = [] } = usePresets(true);
  const id = useId();
  if (presets.length === 0) return null;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Preset
      </label>
      <select
        id={id}
        data-testid="preset-picker"
        className="h-8 w-16 min-w-0 shrink-0 truncate rounded-lg border border-line bg-surface px-1.5 text-xs text-fg hover:border-line-strong focus:border-accent focus:outline-none sm:w-auto sm:max-w-48 sm:px-2"
        value={value ?? ''}
        onChange={(e) => {
          const preset = presets.find((p) => p.id === e.target.value);
          if (preset) onPick(preset);
        }}
      >
        <option value="" disabled>
          Preset…
        </option>
        {presets.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {preset.name}
            {preset.is_default ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </>
  );
}
