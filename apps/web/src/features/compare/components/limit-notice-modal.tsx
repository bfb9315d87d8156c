import { Gauge } from 'lucide-react';
import { Modal } from '../../../ui/dialog';
import { useLimitNotice } from '../store/limit-notice';

/** Each panel spends one message of the daily allowance: says so when too few are left. */
export function LimitNoticeModal() {
  const { notice, close } = useLimitNotice();
  return (
    <Modal open={notice !== null} onOpenChange={(open) => !open && close()} title="Not enough messages left">
      {notice && (
        <div className="mt-3 space-y-3 text-sm">
          <div className="flex items-center gap-3 rounded-xl bg-surface-2 px-4 py-3">
            <Gauge className="size-5 text-accent" aria-hidden />
            <p>
              This comparison needs <span className="font-semibold">{notice.needed}</span> messages (one per model), but only{' '}
              <span className="font-semibold">{notice.remaining}</span>
              {notice.dailyLimit !== null ? ` of ${notice.dailyLimit}` : ''} are left today.
            </p>
          </div>
          <p className="text-fg-muted">Choose fewer models, or come back when your allowance renews.</p>
        </div>
      )}
    </Modal>
  );
}
