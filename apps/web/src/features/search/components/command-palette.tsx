import type { SearchHit } from '@parallax/contract';
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Modal } from '../../../ui/dialog';
import { Kbd } from '../../../ui/kbd';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast/toast-store';
import { getConversation } from '../../conversations';
import { useSearch } from '../api/search-history';
import { hitPath } from '../model/hit-path';
import { usePalette } from '../store/palette-store';
import { HitSummary } from './hit-summary';

// Long enough that a word typed at speed is one request, short enough to feel live.
const TYPING_DEBOUNCE_MS = 150;

const comparisonOf = async (conversationId: string) =>
  (await getConversation(conversationId)).comparison_id;

/** Ctrl/⌘+K: search every chat and answer (and project file) as you type, and jump to a hit. */
export function CommandPalette() {
  const open = usePalette((s) => s.open);
  const setOpen = usePalette((s) => s.setOpen);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={<span className="sr-only">Search chats</span>}
      showClose={false}
      className="top-[8vh] max-w-xl translate-y-0 overflow-hidden p-0 sm:top-[12vh]"
    >
      {open && <PaletteBody onClose={() => setOpen(false)} />}
    </Modal>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), TYPING_DEBOUNCE_MS);
  const search = useSearch(q);
  const hits = q ? (search.data?.hits ?? []) : [];
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const optionId = (i: number) => `${listId}-hit-${i}`;

  useEffect(() => setActive(0), [search.data]);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const choose = async (hit: SearchHit | undefined) => {
    if (!hit) return;
    onClose();
    try {
      const path = await hitPath(hit, comparisonOf);
      if (path) void navigate(path);
    } catch {
      toast.error('Could not open that result', 'It may have been deleted.');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    const step = moves[event.key];
    if (step !== undefined && hits.length > 0) {
      event.preventDefault();
      setActive((i) => (i + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void choose(hits[active]);
    }
  };

  return (
    <div className="flex max-h-[80vh] flex-col">
      <div className="flex items-center gap-3 border-b border-line px-4">
        <Search className="size-4 shrink-0 text-fg-muted" aria-hidden />
        <input
          autoFocus
          role="combobox"
          aria-label="Search chats"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search your chats and answers"
          className="h-14 min-w-0 flex-1 bg-transparent text-[15px] text-fg placeholder:text-fg-muted focus:outline-none"
        />
        {search.isFetching && <Spinner size="sm" label="Searching" />}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Results"
        className={cn(
          'min-h-0 flex-1 overflow-y-auto p-2',
          search.isPlaceholderData && 'opacity-70',
          hits.length === 0 && 'hidden',
        )}
      >
        {hits.map((hit, i) => (
          <li
            key={`${hit.kind}:${hit.message_id ?? hit.source_id ?? hit.conversation_id}:${i}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseMove={() => setActive(i)}
            onClick={() => void choose(hit)}
            className="flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 aria-selected:bg-surface-2"
          >
            <HitSummary hit={hit} />
          </li>
        ))}
      </ul>
      <PaletteStatus q={q} typed={text.trim()} search={search} count={hits.length} />
      <div className="hidden items-center gap-4 border-t border-line px-4 py-2.5 text-xs text-fg-muted sm:flex">
        <span className="flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> move
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Enter</Kbd> open
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Esc</Kbd> close
        </span>
      </div>
    </div>
  );
}

function PaletteStatus({
  q,
  typed,
  search,
  count,
}: {
  q: string;
  typed: string;
  search: { isError: boolean; isFetching: boolean };
  count: number;
}) {
  let text: string | null = null;
  if (!typed) text = 'Type a word from any chat or answer.';
  else if (search.isError) text = 'Search failed. Try again in a moment.';
  else if (count === 0 && q === typed && !search.isFetching) text = `No matches for “${q}”.`;
  if (!text) return null;
  return (
    <p role="status" className="px-4 py-8 text-center text-sm text-fg-muted">
      {text}
    </p>
  );
}
