import type { Preset } from '@parallax/contract';
import { Pencil, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { Skeleton } from '../../../ui/skeleton';
import { usePresets } from '../api/list-presets';
import { usePresetMutations } from '../api/save-preset';

function PresetRow({ preset }: { preset: Preset }) {
  const { update, remove } = usePresetMutations();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(preset.name);
  const rename = () => {
    if (name.trim() === '' || name.trim() === preset.name) return setRenaming(false);
    update.mutate(
      { id: preset.id, changes: { name: name.trim() } },
      { onSuccess: () => setRenaming(false) },
    );
  };
  return (
    <li className="flex min-w-0 items-center gap-1 py-1.5" data-preset={preset.name}>
      {renaming ? (
        <Input
          aria-label={`New name for ${preset.name}`}
          className="h-9"
          value={name}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          onBlur={rename}
          onKeyDown={(e) => {
            if (e.key === 'Enter') rename();
            if (e.key === 'Escape') {
              e.stopPropagation();
              setName(preset.name);
              setRenaming(false);
            }
          }}
        />
      ) : (
        <span className="min-w-0 flex-1 truncate text-sm">
          {preset.name}
          {preset.is_default && <span className="ml-2 text-xs text-fg-muted">Default</span>}
        </span>
      )}
      <Button
        variant="ghost"
        size="icon"
        aria-pressed={preset.is_default}
        aria-label={
          preset.is_default ? `${preset.name} is the default` : `Make ${preset.name} the default`
        }
        title={preset.is_default ? 'New chats start from it' : 'Make default for new chats'}
        onClick={() =>
          update.mutate({ id: preset.id, changes: { is_default: !preset.is_default } })
        }
      >
        <Star
          className={preset.is_default ? 'size-4 fill-current text-amber-500' : 'size-4'}
          aria-hidden
        />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Rename ${preset.name}`}
        onClick={() => setRenaming(true)}
      >
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${preset.name}`}
        onClick={() => remove.mutate(preset.id)}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </li>
  );
}

/** The user's presets: rename, delete, and the one new chats start from. */
export function PresetList() {
  const { data: presets, isLoading, isError } = usePresets(true);
  return (
    <section aria-label="Your presets">
      <h3 className="text-sm font-medium">Your presets</h3>
      {isLoading ? (
        <Skeleton className="mt-2 h-9 w-full" />
      ) : isError ? (
        <p className="mt-1 text-sm text-fg-muted">Your presets could not be loaded.</p>
      ) : !presets?.length ? (
        <p className="mt-1 text-sm text-fg-muted">
          No presets yet. Save these settings as one to reuse them in any chat.
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-line">
          {presets.map((preset) => (
            <PresetRow key={preset.id} preset={preset} />
          ))}
        </ul>
      )}
    </section>
  );
}
