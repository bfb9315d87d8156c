import { Gauge } from 'lucide-react';
import { create } from 'zustand';
import { Modal } from './dialog';
import { LimitModalActions } from './limit-modal-actions';

export interface RateLimitInfo {
  remaining: number;
  dailyLimit: number;
  /** ISO time when the allowance renews, when the server says. */
  resetsAt?: string;
}

interface RateLimitState {
  info: RateLimitInfo | null;
  open: (info: RateLimitInfo) => void;
  close: () => void;
}

export const useRateLimitModal = create<RateLimitState>()((set) => ({
  info: null,
  open: (info) => set({ info }),
  close: () => set({ info: null }),
}));

/** Any feature can call this when the daily message limit is hit (spec §2, §4). */
export function openRateLimitModal(info: RateLimitInfo): void {
  useRateLimitModal.getState().open(info);
}

function formatReset(resetsAt: string | undefined): string | null {
  if (!resetsAt) return null;
  const when = new Date(resetsAt);
  if (Number.isNaN(when.getTime())) return null;
  return when.toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
}

export function RateLimitModal({ isVisitor }: { isVisitor: boolean }) {
  const { info, close } = useRateLimitModal();
  const reset = formatReset(info?.resetsAt);
  return (
    <Modal
      open={info !== null}
      onOpenChange={(open) => !open && close()}
      title="Daily message limit reached"
    >
      {info && (
        <div className="mt-3 space-y-4 text-sm">
          <div className="flex items-center gap-3 rounded-xl bg-surface-2 px-4 py-3">
            <Gauge className="size-5 text-accent" aria-hidden />
            <p>
              <span className="font-semibold">{info.remaining}</span> of {info.dailyLimit} messages
              left today
            </p>
          </div>
          <p className="text-fg-muted">
            Every account gets a daily allowance of {info.dailyLimit} messages so the service stays
            fast for everyone.
            {reset ? ` It renews ${reset}.` : ' It renews every day.'}
            {isVisitor
              ? ' Create a free account for a larger allowance, or pick a plan for more.'
              : ' A paid plan raises the limit.'}
          </p>
          <LimitModalActions offerSignUp={isVisitor} onClose={close} />
        </div>
      )}
    </Modal>
  );
}
