import { Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { useAuth } from '../../auth';
import { useLimitNotice } from '../store/limit-notice';
import { limitAdvice } from './limit-notice-text';

/** Each panel spends one message of the daily allowance: says so when too few are left. */
export function LimitNoticeModal() {
  const { notice, close } = useLimitNotice();
  const { isAuthenticated } = useAuth();
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
          <p className="text-fg-muted">{limitAdvice(notice.remaining, !isAuthenticated)}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClasses('ghost')} onClick={close}>
              Not now
            </button>
            {!isAuthenticated && (
              <Link to="/signup" className={buttonClasses('outline')} onClick={close}>
                Sign up free
              </Link>
            )}
            <Link to="/pricing" className={buttonClasses('primary')} onClick={close}>
              See plans
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}
