import type { PromptTemplate } from '@parallax/contract';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useAuth } from '../../auth';
import { useTemplates } from '../api/list-templates';

/** How many templates the menu lists at once. */
const MENU_SIZE = 8;

/** The text after a leading "/" while it is all the box holds on one line, else null. */
export function slashQueryOf(draft: string): string | null {
  return /^\/[^\n]*$/.test(draft) ? draft.slice(1).trim().toLowerCase() : null;
}

function matches(t: PromptTemplate, query: string): boolean {
  return [t.title, t.description, t.category ?? '', ...t.tags].some((f) =>
    f.toLowerCase().includes(query),
  );
}

/**
 * State of the "/" menu of a composer: which templates match what follows the slash, which
 * one is active, and the keys it takes from the box (arrows, Enter, Esc) while open.
 */
export function useTemplateSlashMenu(draft: string, onPick: (t: PromptTemplate) => void) {
  const { isAuthenticated } = useAuth();
  const query = slashQueryOf(draft);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const wanted = query !== null && dismissedFor !== draft;
  const mine = useTemplates({ tab: 'mine', sort: 'uses' }, wanted && isAuthenticated);
  const library = useTemplates({ tab: 'public', sort: 'uses' }, wanted);

  const items = useMemo(() => {
    if (query === null) return [];
    const seen = new Set<string>();
    return [...(mine.data?.templates ?? []), ...(library.data?.templates ?? [])]
      .filter((t) => !seen.has(t.id) && seen.add(t.id) && matches(t, query))
      .slice(0, MENU_SIZE);
  }, [mine.data, library.data, query]);

  const open = wanted;
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const loading = open && (library.isLoading || (isAuthenticated && mine.isLoading));

  const pick = (t: PromptTemplate) => {
    setDismissedFor(draft);
    onPick(t);
  };

  /** For the box's keydown capture: answers whether the menu took the key. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    if (event.key === 'Escape') {
      setDismissedFor(draft);
      return true;
    }
    if (items.length === 0) return false;
    if (event.key === 'ArrowDown') setActive((current + 1) % items.length);
    else if (event.key === 'ArrowUp') setActive((current - 1 + items.length) % items.length);
    else if (event.key === 'Enter' && !event.shiftKey) {
      const chosen = items[current];
      if (chosen) pick(chosen);
    } else return false;
    return true;
  };

  return {
    open,
    items,
    active: current,
    loading,
    setActive,
    pick,
    onKeyDown,
    close: () => setDismissedFor(draft),
  };
}
