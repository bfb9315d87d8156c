import type { ModelInfo } from '@parallax/contract';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Kbd } from '../../../ui/kbd';
import { useAuth } from '../../auth';
import { useModelFavourites } from '../api/model-favourites';
import { modelSections } from '../model/model-sections';
import { useModelPicks } from '../store/model-picks-store';
import { ModelOption } from './model-option';

interface ModelPickerListProps {
  models: ModelInfo[];
  selected: ModelInfo | null;
  isLoading: boolean | undefined;
  onChoose: (model: ModelInfo) => void;
}

/** The picker's combobox: a search box over a listbox of models in sections. */
export function ModelPickerList({ models, selected, isLoading, onChoose }: ModelPickerListProps) {
  const { isAdmin } = useAuth();
  const favourites = useModelFavourites();
  const recent = useModelPicks((s) => s.recent);
  const [query, setQuery] = useState('');
  const sections = useMemo(
    () => modelSections(models, { query, favourites: favourites.ids, recent }),
    [models, query, favourites.ids, recent],
  );
  // One row per appearance: a favourite is also in its provider's section.
  const rows = sections.flatMap((section) =>
    section.models.map((model) => ({ section: section.key, model })),
  );
  const startAt = Math.max(
    0,
    rows.findIndex((row) => row.model.id === selected?.id),
  );
  const [active, setActive] = useState(startAt);
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const choose = (model: ModelInfo | undefined) => {
    if (model?.available) onChoose(model);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = rows.length;
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    const step = moves[event.key];
    if (step !== undefined && count > 0) {
      event.preventDefault();
      setActive((i) => (i + step + count) % count);
    } else if ((event.key === 'Home' || event.key === 'End') && event.ctrlKey && count > 0) {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : count - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const model = rows[Math.min(active, count - 1)]?.model;
      if (!model) return;
      if (event.shiftKey) favourites.toggle(model.id);
      else choose(model);
    }
  };

  let index = -1;
  const current = Math.min(active, rows.length - 1);
  return (
    <div className="flex max-h-[80dvh] min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-line px-4">
        <Search className="size-4 shrink-0 text-fg-muted" aria-hidden />
        <input
          autoFocus
          role="combobox"
          aria-label="Search models"
          aria-expanded={rows.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={rows.length > 0 ? optionId(current) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            // Typing starts over at the best match.
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search models by name, provider or use"
          className="h-14 min-w-0 flex-1 bg-transparent text-[15px] text-fg placeholder:text-fg-muted focus:outline-none"
        />
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Models"
        className={rows.length === 0 ? 'hidden' : 'min-h-0 flex-1 overflow-y-auto p-2'}
      >
        {sections.map((section) => (
          <ul key={section.key} role="group" aria-labelledby={`${listId}-${section.key}`}>
            <li
              role="presentation"
              id={`${listId}-${section.key}`}
              className="px-3 pt-2 pb-1 text-xs font-semibold text-fg-muted"
            >
              {section.label}
            </li>
            {section.models.map((model) => {
              index += 1;
              const i = index;
              return (
                <ModelOption
                  key={model.id}
                  id={optionId(i)}
                  model={model}
                  active={i === current}
                  chosen={model.id === selected?.id}
                  starred={favourites.ids.includes(model.id)}
                  isAdmin={isAdmin}
                  onHover={() => setActive(i)}
                  onChoose={() => choose(model)}
                  onToggleStar={() => favourites.toggle(model.id)}
                />
              );
            })}
          </ul>
        ))}
      </div>
      {rows.length === 0 && (
        <p role="status" className="px-4 py-8 text-center text-sm text-fg-muted">
          {isLoading
            ? 'Loading models…'
            : query.trim()
              ? `No model matches “${query.trim()}”.`
              : 'No models are available.'}
        </p>
      )}
      <div className="hidden flex-wrap items-center gap-x-4 gap-y-1 border-t border-line px-4 py-2.5 text-xs text-fg-muted sm:flex">
        <span className="flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> move
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Enter</Kbd> choose
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Shift</Kbd>
          <Kbd>Enter</Kbd> star
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Esc</Kbd> close
        </span>
      </div>
    </div>
  );
}
