import { Undo2 } from 'lucide-react';

export interface UndoItem {
  id: string;
  /** What was done, e.g. Deleted “Trip to Rome”. */
  text: string;
}

/** The undo snackbar: bottom centre, one line per action that can still be taken back. */
export function UndoBar({ items, onUndo }: { items: UndoItem[]; onUndo: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {items.map((item) => (
        <div
          key={item.id}
          role="status"
          className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl bg-fg px-4 py-3 text-sm text-canvas shadow-pop animate-pop-in"
        >
          <span className="min-w-0 flex-1 truncate">{item.text}</span>
          <button
            type="button"
            onClick={() => onUndo(item.id)}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-1 font-semibold text-accent-soft hover:bg-white/10"
          >
            <Undo2 className="size-4" aria-hidden /> Undo
          </button>
        </div>
      ))}
    </div>
  );
}
