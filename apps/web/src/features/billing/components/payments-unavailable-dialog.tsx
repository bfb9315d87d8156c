import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';

/** Said plainly when a paid plan is picked on a server without card payments. */
export function PaymentsUnavailableDialog({
  planName,
  onClose,
}: {
  planName: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={planName !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Payments are not configured on this server"
      description={`${planName ?? 'This plan'} cannot be bought here yet: the administrator has not set up card payments. You can keep using your current plan.`}
    >
      <div className="mt-5 flex justify-end">
        <button type="button" className={buttonClasses('primary')} onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
