import { Gauge } from 'lucide-react';
import { Modal } from '../../../ui/dialog';
import { LimitModalActions } from '../../../ui/limit-modal-actions';
import { useAuth } from '../../auth';
import { useLimitNotice } from '../store/limit-notice';
import { limitAdvice } from './limit-notice-text';

/** Each panel spends one message of the daily allowance: says so when too few are left. */
export function LimitNoticeModal() {
  const { notice, close } = useLimitNotice();
  const { isAuthenticated } = useAuth();
  return (
    <Modal
      open={notice !== null}
      onOpenChange={(open) => !open && close()}
      title="Not enough messages left"
    >
      {notice && (
        <div className="mt-3 space-y-3 text-sm">
          <div className="flex items-center gap-3 rounded-xl bg-surface-2 px-4 py-3">
            <Gauge className="size-5 text-accent" aria-hidden />
            <p>
              This comparison needs <span className="font-semibold">{notice.needed}</span> messages
              (one per model), but only <span className="font-semibold">{notice.remaining}</span>
              {notice.dailyLimit !== null ? ` of ${notice.dailyLimit}` : ''} are left today.
            </p>
          </div>
          <p className="text-fg-muted">{limitAdvice(notice.remaining, !isAuthenticated)}</p>
          <LimitModalActions offerSignUp={!isAuthenticated} onClose={close} />
        </div>
      )}
    </Modal>
  );
}
