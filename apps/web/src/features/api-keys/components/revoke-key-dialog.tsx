import type { ApiKey } from '@parallax/contract';
import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';

interface RevokeKeyDialogProps {
  apiKey: ApiKey | null;
  onConfirm: (key: ApiKey) => void;
  onCancel: () => void;
}

/** Asks before a key stops working; open while `apiKey` is set. */
export function RevokeKeyDialog({ apiKey, onConfirm, onCancel }: RevokeKeyDialogProps) {
  return (
    <Modal
      open={apiKey !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Revoke this key?"
      description={`Calls with “${apiKey?.name ?? ''}” will be refused at once. This cannot be undone.`}
    >
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={buttonClasses('outline')} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonClasses('danger')}
          onClick={() => apiKey && onConfirm(apiKey)}
        >
          Revoke key
        </button>
      </div>
    </Modal>
  );
}
