import { BookmarkPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Tooltip } from '../../../ui/tooltip';
import { useAuth } from '../../auth';
import { RememberDialog } from './remember-dialog';
import { useInVault } from './use-in-vault';

/** The text selected inside `within`, if any. */
function selectionIn(within: Element | null): string {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || !within) return '';
  const range = selection.getRangeAt(0);
  return within.contains(range.commonAncestorContainer) ? selection.toString().trim() : '';
}

/**
 * "Remember…" in an answer's actions: opens the dialog with the part of the answer selected, or
 * the whole answer. Signed-in accounts only (a guest has no memory), never in the vault.
 */
export function RememberButton({ text }: { text: string }) {
  const { user } = useAuth();
  const inVault = useInVault();
  const [initial, setInitial] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Read when the pointer goes down: the click itself may collapse the selection.
  const picked = useRef('');
  if (!user || inVault) return null;
  const answer = () => button.current?.closest('[data-role="assistant"]') ?? null;
  return (
    <>
      <Tooltip content="Remember…">
        <button
          ref={button}
          type="button"
          aria-label="Remember…"
          onPointerDown={() => (picked.current = selectionIn(answer()))}
          onClick={() => {
            setInitial(picked.current || selectionIn(answer()) || text);
            picked.current = '';
          }}
          className="grid size-7 place-items-center rounded-md text-fg-subtle hover:bg-surface-2 hover:text-fg"
        >
          <BookmarkPlus className="size-3.5" aria-hidden />
        </button>
      </Tooltip>
      <RememberDialog
        open={initial !== null}
        initial={initial ?? ''}
        onClose={() => setInitial(null)}
      />
    </>
  );
}
