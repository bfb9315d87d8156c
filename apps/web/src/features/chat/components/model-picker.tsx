import { PROVIDERS, type ModelInfo, type ProviderName } from '@parallax/contract';
import { Check, ChevronDown, Sparkles } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu';

const PROVIDER_LABELS: Record<ProviderName, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  google: 'Google Vertex',
  grok: 'xAI Grok',
};

interface ModelPickerProps {
  models: ModelInfo[];
  selected: ModelInfo | null;
  onSelect: (model: ModelInfo) => void;
  isLoading?: boolean;
}

/** Provider + model, grouped by provider; unavailable models are listed, disabled, with why. */
export function ModelPicker({ models, selected, onSelect, isLoading }: ModelPickerProps) {
  const groups = PROVIDERS.map((provider) => ({
    provider,
    models: models.filter((m) => m.provider === provider),
  })).filter((g) => g.models.length > 0);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={selected ? `Model: ${selected.friendly_name}` : 'Choose a model'}
        className="inline-flex h-8 max-w-[60vw] min-w-0 items-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 text-xs font-medium text-fg hover:bg-surface-3 sm:max-w-xs"
      >
        <Sparkles className="size-3.5 shrink-0 text-accent" aria-hidden />
        <span className="truncate">
          {selected ? selected.friendly_name : isLoading ? 'Loading models…' : 'No model available'}
        </span>
        {selected && (
          <span className="hidden text-fg-subtle sm:inline">· {PROVIDER_LABELS[selected.provider]}</span>
        )}
        <ChevronDown className="size-3.5 shrink-0" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-[60vh] w-72 overflow-y-auto">
        {groups.map((group, index) => (
          <div key={group.provider} role="group" aria-label={PROVIDER_LABELS[group.provider]}>
            {index > 0 && <DropdownMenuSeparator />}
            <DropdownMenuLabel>{PROVIDER_LABELS[group.provider]}</DropdownMenuLabel>
            {group.models.map((model) => (
              <DropdownMenuItem
                key={model.id}
                disabled={!model.available}
                onSelect={() => onSelect(model)}
                className="items-start"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate">{model.friendly_name}</span>
                    {model.is_demo && (
                      <span className="rounded-full bg-accent-soft px-1.5 py-px text-[10px] font-semibold text-accent-soft-fg">
                        Offline demo
                      </span>
                    )}
                  </span>
                  {!model.available && model.unavailable_reason && (
                    <span className="mt-0.5 block text-xs text-fg-subtle">{model.unavailable_reason}</span>
                  )}
                </span>
                {selected?.id === model.id && <Check className="mt-0.5 size-4 text-accent" aria-hidden />}
              </DropdownMenuItem>
            ))}
          </div>
        ))}
        {groups.length === 0 && (
          <p className="px-2.5 py-2 text-sm text-fg-muted">{isLoading ? 'Loading models…' : 'No models are configured.'}</p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
