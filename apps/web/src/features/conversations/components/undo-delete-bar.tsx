import { CONVERSATION_DEFAULT_TITLE } from '@parallax/contract';
import { UndoBar } from '../../../ui/undo-bar';
import type { PendingDelete } from '../hooks/use-undoable-delete';

/** The undo toast of a delete: one line per conversation still recoverable. */
export function UndoDeleteBar({
  pending,
  onUndo,
}: {
  pending: PendingDelete[];
  onUndo: (id: string) => void;
}) {
  return (
    <UndoBar
      items={pending.map((p) => ({
        id: p.id,
        text: `Deleted “${p.title || CONVERSATION_DEFAULT_TITLE}”`,
      }))}
      onUndo={onUndo}
    />
  );
}
