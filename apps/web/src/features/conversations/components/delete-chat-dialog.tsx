import { CONVERSATION_DEFAULT_TITLE } from '@parallax/contract';
import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';

interface DeleteChatDialogProps {
  title: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a chat goes for good; open while `title` is not null. */
export function DeleteChatDialog({ title, onConfirm, onCancel }: DeleteChatDialogProps) {
  return (
    <Modal
      open={title !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Delete this chat?"
      description={`“${title || CONVERSATION_DEFAULT_TITLE}” and its messages will be deleted. This cannot be undone.`}
    >
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={buttonClasses('outline')} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={buttonClasses('danger')} onClick={onConfirm}>
          Delete
        </button>
      </div>
    </Modal>
  );
}
