import { CONVERSATION_DEFAULT_TITLE } from '@parallax/contract';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

interface DeleteChatDialogProps {
  title: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a chat goes for good; open while `title` is not null. */
export function DeleteChatDialog({ title, onConfirm, onCancel }: DeleteChatDialogProps) {
  return (
    <ConfirmDialog
      open={title !== null}
      title="Delete this chat?"
      description={`“${title || CONVERSATION_DEFAULT_TITLE}” and its messages will be deleted. This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
