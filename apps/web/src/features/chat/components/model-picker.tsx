import type { ModelInfo } from '@parallax/contract';
import { ChevronDown, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Modal } from '../../../ui/dialog';
import { providerLabel } from '../model/model-labels';
import { isModelPickerShortcut, MODEL_PICKER_SHORTCUT_LABEL } from '../model/model-picker-shortcut';
import { useModelPicks } from '../store/model-picks-store';
import { ModelPickerList } from './model-picker-list';

interface ModelPickerProps {
  models: ModelInfo[];
  selected: ModelInfo | null;
  onSelect: (model: ModelInfo) => void;
  isLoading?: boolean;
  /** Ctrl/⌘+. opens this picker: one per screen (the composer's) answers to it. */
  shortcut?: boolean;
  /** What the choice is for, when a screen has more than one picker ("Model for panel 2"). */
  label?: string;
}

/**
 * The model picker: a button showing the model, opening a searchable list (a centred panel on
 * wide screens, a sheet from the bottom on a phone) with favourites and recent picks on top.
 */
export function ModelPicker({
  models,
  selected,
  onSelect,
  isLoading,
  shortcut = false,
  label,
}: ModelPickerProps) {
  const [open, setOpen] = useState(false);
  const notePicked = useModelPicks((s) => s.notePicked);

  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isModelPickerShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);

  const choose = (model: ModelInfo) => {
    notePicked(model.id);
    onSelect(model);
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        title={
          selected
            ? `${selected.friendly_name} · ${providerLabel(selected)}${shortcut ? ` (${MODEL_PICKER_SHORTCUT_LABEL})` : ''}`
            : undefined
        }
        className="inline-flex h-8 max-w-[60vw] min-w-0 items-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 text-xs font-medium whitespace-nowrap text-fg hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-ring sm:max-w-xs"
      >
        <Sparkles className="size-3.5 shrink-0 text-accent" aria-hidden />
        {/* The visible text is the accessible name, with what the button is for before it. */}
        <span className="sr-only">
          {label ? `${label}: ` : selected ? 'Model: ' : 'Choose a model: '}
        </span>
        <span className="truncate">
          {selected ? selected.friendly_name : isLoading ? 'Loading models…' : 'No model available'}
        </span>
        {selected && (
          <span className="hidden shrink-0 whitespace-nowrap text-fg-muted sm:inline">
            · {providerLabel(selected)}
          </span>
        )}
        <ChevronDown className="size-3.5 shrink-0" aria-hidden />
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={<span className="sr-only">{label ?? 'Choose a model'}</span>}
        showClose={false}
        className="top-auto bottom-0 left-0 w-full max-w-none translate-x-0 translate-y-0 overflow-hidden rounded-b-none p-0 sm:top-[12vh] sm:bottom-auto sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:rounded-2xl"
      >
        {open && (
          <ModelPickerList
            models={models}
            selected={selected}
            isLoading={isLoading}
            onChoose={choose}
          />
        )}
      </Modal>
    </>
  );
}
