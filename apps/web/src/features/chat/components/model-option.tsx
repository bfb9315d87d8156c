import type { ModelInfo } from '@parallax/contract';
import { Check, Star } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { providerLabel, unavailableText } from '../model/model-labels';
import { contextLabel, inputKindsLabel, priceLabel } from '../model/model-sections';

interface ModelOptionProps {
  id: string;
  model: ModelInfo;
  active: boolean;
  chosen: boolean;
  starred: boolean;
  isAdmin: boolean;
  onHover: () => void;
  onChoose: () => void;
  onToggleStar: () => void;
}

/**
 * One model in the picker's listbox. The star is a pointer target inside the option, hidden
 * from assistive tech (an option may not hold a button); keyboard users star with Shift+Enter
 * and hear the state in the option's name.
 */
export function ModelOption(props: ModelOptionProps) {
  const { model, active, chosen, starred, isAdmin } = props;
  const reason = unavailableText(model, isAdmin);
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={active}
      aria-disabled={!model.available || undefined}
      aria-label={`${model.friendly_name}, ${providerLabel(model)}${starred ? ', favourite' : ''}${chosen ? ', current model' : ''}`}
      aria-describedby={`${props.id}-details`}
      data-model-id={model.id}
      onMouseMove={props.onHover}
      onClick={props.onChoose}
      className={cn(
        'flex cursor-pointer gap-2 rounded-xl px-3 py-2.5 aria-selected:bg-surface-2',
        !model.available && 'cursor-not-allowed',
      )}
    >
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className={cn('truncate text-sm font-medium', !model.available && 'text-fg-muted')}>
            {model.friendly_name}
          </span>
          <span className="shrink-0 text-xs text-fg-muted">{providerLabel(model)}</span>
        </span>
        <span id={`${props.id}-details`}>
          <span className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-fg-muted">
            <span>{contextLabel(model.context_window)} context</span>
            <span>{inputKindsLabel(model)}</span>
            <span>{priceLabel(model)}</span>
          </span>
          {model.description && (
            <span className="mt-0.5 block text-xs text-fg-muted">{model.description}</span>
          )}
          {reason && (
            <span className="mt-0.5 block text-xs font-medium text-amber-700 dark:text-amber-400">
              {reason}
            </span>
          )}
        </span>
      </span>
      <span className="flex shrink-0 items-start gap-1">
        {chosen && <Check className="mt-1 size-4 text-accent" aria-hidden />}
        <span
          aria-hidden
          title={
            starred ? 'Remove from favourites (Shift+Enter)' : 'Add to favourites (Shift+Enter)'
          }
          data-star={model.id}
          onClick={(event) => {
            // Starring is not choosing: the option's own click must not fire.
            event.stopPropagation();
            props.onToggleStar();
          }}
          className={cn(
            'grid size-7 place-items-center rounded-md text-fg-muted hover:bg-surface-3 hover:text-fg',
            starred && 'text-amber-600 dark:text-amber-400',
          )}
        >
          <Star className={cn('size-4', starred && 'fill-current')} />
        </span>
      </span>
    </li>
  );
}
