import type { ModelInfo } from '@parallax/contract';
import { ChevronDown } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu';
import { useModels } from '../api/get-models';
import { providerLabel } from '../model/model-labels';

interface RegenerateMenuProps {
  /** The model of the answer shown: listed last, as "again". */
  currentModel: string | null;
  onPick: (model: ModelInfo) => void;
}

/** "Regenerate with…": the models the picker offers (usable ones), the new answer a version. */
export function RegenerateMenu({ currentModel, onPick }: RegenerateMenuProps) {
  const { data: models = [], isLoading } = useModels();
  const usable = models.filter((m) => m.available && m.id !== currentModel);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Regenerate with another model"
        title="Regenerate with another model"
        className="grid h-7 place-items-center rounded-md px-1 text-fg-subtle hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronDown className="size-3.5" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-[50vh] w-64 overflow-y-auto">
        <DropdownMenuLabel>Regenerate with</DropdownMenuLabel>
        {usable.map((model) => (
          <DropdownMenuItem key={model.id} onSelect={() => onPick(model)}>
            <span className="min-w-0 flex-1 truncate">{model.friendly_name}</span>
            <span className="shrink-0 text-xs text-fg-muted">{providerLabel(model)}</span>
          </DropdownMenuItem>
        ))}
        {usable.length === 0 && (
          <p className="px-2.5 py-2 text-sm text-fg-muted">
            {isLoading ? 'Loading models…' : 'No other model is available.'}
          </p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
