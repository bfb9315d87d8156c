import { Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Modal } from '../../../ui/dialog';
import { Kbd } from '../../../ui/kbd';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast/toast-store';
import { getConversation, useRecentConversations } from '../../conversations';
import { useSearch } from '../api/search-history';
import { hitPath } from '../model/hit-path';
import { usePalette } from '../store/palette-store';
import {
  itemKey,
  paletteGroups,
  type PaletteAction,
  type PaletteItem,
} from '../model/palette-items';
import { PaletteOption } from './palette-option';

// Long enough that a word typed at speed is one request, short enough to feel live.
const TYPING_DEBOUNCE_MS = 150;

const comparisonOf = async (conversationId: string) =>
  (await getConversation(conversationId)).comparison_id;

/**
 * Ctrl/⌘+K: recent chats and the app's actions at once; typing searches every chat and answer
 * (and project file) and jumps to a hit.
 */
export function CommandPalette({ actions }: { actions: readonly PaletteAction[] }) {
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
      {open && <PaletteBody actions={actions} onClose={() => setOpen(false)} />}
    </Modal>
  );
}

function PaletteBody({
  actions,
  onClose,
}: {
  actions: readonly PaletteAction[];
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const typed = text.trim();
  const q = useDebouncedValue(typed, TYPING_DEBOUNCE_MS);
  const search = useSearch(q);
  const recent = useRecentConversations();
  const hits = q ? (search.data?.hits ?? []) : [];
  const groups = paletteGroups(typed, recent.data ?? [], actions, hits);
  const items = groups.flatMap((g) => g.items);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const optionId = (i: number) => `${listId}-item-${i}`;
  const count = items.length;

  const untyped = typed === '';
  useEffect(() => setActive(0), [search.data, untyped]);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const choose = async (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    if (item.kind === 'action') return item.action.run();
    if (item.kind === 'chat') return void navigate(`/chats/${item.conversation.id}`);
    try {
      const path = await hitPath(item.hit, comparisonOf);
      if (path) void navigate(path);
    } catch {
      toast.error('Could not open that result', 'It may have been deleted.');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    const step = moves[event.key];
    if (step !== undefined && count > 0) {
      event.preventDefault();
      setActive((i) => (i + step + count) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void choose(items[Math.min(active, count - 1)]);
    }
  };

  let index = 0;
  return (
    <div className="flex max-h-[80vh] flex-col">
      <div className="flex items-center gap-3 border-b border-line px-4">
        <Search className="size-4 shrink-0 text-fg-muted" aria-hidden />
        <input
          autoFocus
          role="combobox"
          aria-label="Search chats"
          aria-expanded={count > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={count > 0 ? optionId(Math.min(active, count - 1)) : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search chats, or pick an action"
          className="h-14 min-w-0 flex-1 bg-transparent text-[15px] text-fg placeholder:text-fg-muted focus:outline-none"
        />
        {search.isFetching && <Spinner size="sm" label="Searching" />}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Results"
        className={cn(
          'min-h-0 flex-1 overflow-y-auto p-2',
          typed && search.isPlaceholderData && 'opacity-70',
          count === 0 && 'hidden',
        )}
      >
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label}>
            <div
              aria-hidden
              className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wider text-fg-muted uppercase"
            >
              {group.label}
            </div>
            {group.items.map((item) => {
              const i = index++;
              return (
                <div
                  key={itemKey(item)}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  data-kind={item.kind}
                  onMouseMove={() => setActive(i)}
                  onClick={() => void choose(item)}
                  className="flex cursor-pointer gap-3 rounded-xl px-3 py-2 aria-selected:bg-surface-2"
                >
                  <PaletteOption item={item} />
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <PaletteStatus q={q} typed={typed} search={search} count={count} />
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
  if (!typed) return null;
  if (search.isError) text = 'Search failed. Try again in a moment.';
  else if (count === 0 && q === typed && !search.isFetching) text = `No matches for “${q}”.`;
  if (!text) return null;
  return (
    <p role="status" className="px-4 py-8 text-center text-sm text-fg-muted">
      {text}
    </p>
  );
}
