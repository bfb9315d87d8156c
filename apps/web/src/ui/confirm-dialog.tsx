import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The button that does it, named after what it does ("Delete", "Sign out everywhere"). */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: the confirm button spins and neither button answers. */
  pending?: boolean;
}

/** Asks before something that cannot be taken back; Cancel, Esc and the backdrop say no. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onCancel();
      }}
      title={title}
      description={description}
    >
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={pending} disabled={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
