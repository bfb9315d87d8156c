import { CONVERSATION_DEFAULT_TITLE } from '@parallax/contract';
import { Undo2 } from 'lucide-react';
import type { PendingDelete } from '../hooks/use-undoable-delete';

/** The undo toast of a delete: bottom centre, one line per conversation still recoverable. */
export function UndoDeleteBar({
  pending,
  onUndo,
}: {
  pending: PendingDelete[];
  onUndo: (id: string) => void;
}) {
  if (pending.length === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {pending.map((p) => (
        <div
          key={p.id}
          role="status"
          className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl bg-fg px-4 py-3 text-sm text-canvas shadow-pop animate-pop-in"
        >
          <span className="min-w-0 flex-1 truncate">
            Deleted “{p.title || CONVERSATION_DEFAULT_TITLE}”
          </span>
          <button
            type="button"
            onClick={() => onUndo(p.id)}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-1 font-semibold text-accent-soft hover:bg-white/10"
          >
            <Undo2 className="size-4" aria-hidden /> Undo
          </button>
        </div>
      ))}
    </div>
  );
}
