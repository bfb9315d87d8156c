import type { PromptTemplate } from '@parallax/contract';
import { LayoutTemplate } from 'lucide-react';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../../lib/cn';
import { Spinner } from '../../../ui/spinner';
import { countTemplateUse } from '../api/save-template';
import { useTemplateSlashMenu } from '../hooks/use-template-slash-menu';
import { TemplateFillDialog } from './template-fill-dialog';

/** Room the open menu needs; with less above the box (home's centred box) it opens below. */
const MENU_ROOM_PX = 320;

/** Places itself above the box it sits beside, or below when there is no room above. */
function MenuPopover({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [below, setBelow] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current?.parentElement?.getBoundingClientRect();
    if (box) setBelow(box.top < MENU_ROOM_PX && window.innerHeight - box.bottom > box.top);
  }, []);
  return (
    <div
      ref={ref}
      className={cn(
        'absolute inset-x-0 z-30 overflow-hidden rounded-xl border border-line bg-surface shadow-pop',
        below ? 'top-full mt-2' : 'bottom-full mb-2',
      )}
    >
      {children}
    </div>
  );
}

export interface SlashMenuBinding {
  /** Give to the box: aria attributes tying it to the menu while it is open. */
  inputProps: { 'aria-controls'?: string; 'aria-activedescendant'?: string };
  /** Call first in the box's keydown; true means the menu used the key. */
  onKeyDown: (event: KeyboardEvent) => boolean;
  /** Render next to the box (it positions itself above it). */
  element: ReactNode;
}

/**
 * "/" at the start of a message: a filterable menu of templates (the user's and the public
 * library's, most used first) that opens the template's fill-in form; the filled text goes
 * into the box or is sent at once. Each use is counted.
 */
export function useTemplateSlashBinding({
  draft,
  onInsert,
  onSendText,
}: {
  draft: string;
  onInsert: (text: string) => void;
  onSendText: (text: string) => void;
}): SlashMenuBinding {
  const [filling, setFilling] = useState<PromptTemplate | null>(null);
  const menu = useTemplateSlashMenu(draft, setFilling);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const shown = menu.open;

  const element = (
    <>
      {shown && (
        <MenuPopover>
          <p className="border-b border-line px-3 py-2 text-xs text-fg-muted">
            Templates · ↑↓ to choose, Enter to use, Esc to close
          </p>
          {menu.loading ? (
            <p className="flex items-center gap-2 px-3 py-3 text-sm text-fg-muted">
              <Spinner className="size-4" /> Loading templates…
            </p>
          ) : menu.items.length === 0 ? (
            <p className="px-3 py-3 text-sm text-fg-muted">No template matches.</p>
          ) : (
            <ul
              id={listId}
              role="listbox"
              aria-label="Templates"
              className="max-h-64 overflow-y-auto p-1"
            >
              {menu.items.map((t, i) => (
                <li
                  key={t.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === menu.active}
                  onMouseEnter={() => menu.setActive(i)}
                  onMouseDown={(e) => {
                    // Keep the focus in the box; the click picks.
                    e.preventDefault();
                    menu.pick(t);
                  }}
                  className={cn(
                    'flex cursor-pointer items-start gap-2 rounded-lg px-2.5 py-2 text-sm',
                    i === menu.active && 'bg-accent-soft text-accent-soft-fg',
                  )}
                >
                  <LayoutTemplate className="mt-0.5 size-4 shrink-0 opacity-70" aria-hidden />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{t.title}</span>
                    {t.description && (
                      <span className="block truncate text-xs opacity-80">{t.description}</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </MenuPopover>
      )}
      <TemplateFillDialog
        template={filling}
        insertLabel="Put in message box"
        onClose={() => setFilling(null)}
        onDone={(t, text, action) => {
          setFilling(null);
          void countTemplateUse(t.id).catch(() => undefined);
          if (action === 'send') onSendText(text);
          else onInsert(text);
        }}
      />
    </>
  );

  return {
    inputProps:
      shown && menu.items.length > 0
        ? { 'aria-controls': listId, 'aria-activedescendant': optionId(menu.active) }
        : {},
    onKeyDown: menu.onKeyDown,
    element,
  };
}
