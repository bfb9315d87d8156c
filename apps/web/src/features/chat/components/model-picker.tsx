import { PROVIDERS, type ModelInfo } from '@parallax/contract';
import { Check, ChevronDown, Sparkles } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu';
import { useAuth } from '../../auth';
import {
  BUILT_IN_LABEL,
  PROVIDER_LABELS,
  providerLabel,
  unavailableText,
} from '../model/model-labels';

interface ModelPickerProps {
  models: ModelInfo[];
  selected: ModelInfo | null;
  onSelect: (model: ModelInfo) => void;
  isLoading?: boolean;
}

/** Provider + model, grouped by provider; unavailable models are listed, disabled, with why. */
export function ModelPicker({ models, selected, onSelect, isLoading }: ModelPickerProps) {
  const { isAdmin } = useAuth();
  // The offline demo answers locally whatever format it speaks: it gets a group of its own.
  const groups = [
    ...PROVIDERS.map((provider) => ({
      key: provider,
      label: PROVIDER_LABELS[provider],
      models: models.filter((m) => m.provider === provider && !m.is_demo),
    })),
    { key: 'demo', label: BUILT_IN_LABEL, models: models.filter((m) => m.is_demo) },
  ].filter((g) => g.models.length > 0);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        title={selected ? `${selected.friendly_name} · ${providerLabel(selected)}` : undefined}
        className="inline-flex h-8 max-w-[60vw] min-w-0 items-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 text-xs font-medium whitespace-nowrap text-fg hover:bg-surface-3 sm:max-w-xs"
      >
        <Sparkles className="size-3.5 shrink-0 text-accent" aria-hidden />
        {/* The visible text is the accessible name, with what the button is for before it. */}
        <span className="sr-only">{selected ? 'Model: ' : 'Choose a model: '}</span>
        <span className="truncate">
          {selected ? selected.friendly_name : isLoading ? 'Loading models…' : 'No model available'}
        </span>
        {selected && (
          <span className="hidden shrink-0 whitespace-nowrap text-fg-muted sm:inline">
            · {providerLabel(selected)}
          </span>
        )}
        <ChevronDown className="size-3.5 shrink-0" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-[60vh] w-72 overflow-y-auto">
        {groups.map((group, index) => (
          <div key={group.key} role="group" aria-label={group.label}>
            {index > 0 && <DropdownMenuSeparator />}
            <DropdownMenuLabel>{group.label}</DropdownMenuLabel>
            {group.models.map((model) => (
              <DropdownMenuItem
                key={model.id}
                disabled={!model.available}
                onSelect={() => onSelect(model)}
                className="items-start"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate" title={model.friendly_name}>
                      {model.friendly_name}
                    </span>
                  </span>
                  {!model.available && (
                    <span className="mt-0.5 block text-xs text-fg-muted">
                      {unavailableText(model, isAdmin)}
                    </span>
                  )}
                </span>
                {selected?.id === model.id && (
                  <Check className="mt-0.5 size-4 text-accent" aria-hidden />
                )}
              </DropdownMenuItem>
            ))}
          </div>
        ))}
        {groups.length === 0 && (
          <p className="px-2.5 py-2 text-sm text-fg-muted">
            {isLoading ? 'Loading models…' : 'No models are configured.'}
          </p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
