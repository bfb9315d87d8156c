import { Gauge } from 'lucide-react';
import { create } from 'zustand';
import { Modal } from './dialog';
import { LimitModalActions } from './limit-modal-actions';
import { formatRenewal } from './renewal-time';

export interface RateLimitInfo {
  remaining: number;
  dailyLimit: number;
  /** ISO time when the allowance renews, when the server says. */
  resetsAt?: string | null | undefined;
  /** What a free account gets a day (null: unlimited); offered to visitors when known. */
  freeDailyLimit?: number | null | undefined;
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

const messages = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

/** What signing up gives a visitor, from the free plan's allowance the server sent. */
function signUpOffer(info: RateLimitInfo): string {
  if (info.freeDailyLimit === undefined) return 'Create a free account for more, or pick a plan.';
  if (info.freeDailyLimit === null) return 'A free account has no daily limit.';
  return `A free account gets ${messages(info.freeDailyLimit)} a day.`;
}

export function RateLimitModal({ isVisitor }: { isVisitor: boolean }) {
  const { info, close } = useRateLimitModal();
  const renewal = formatRenewal(info?.resetsAt);
  return (
    <Modal
      open={info !== null}
      onOpenChange={(open) => !open && close()}
      title="Daily message limit reached"
    >
      {info && (
        <div className="mt-3 space-y-4 text-sm">
          <div className="flex items-center gap-3 rounded-xl bg-surface-2 px-4 py-3">
            <Gauge className="size-5 shrink-0 text-accent" aria-hidden />
            <p>
              <span className="font-semibold">{info.remaining}</span> of {info.dailyLimit} messages
              left today
            </p>
          </div>
          <p className="text-fg-muted" data-testid="rate-limit-allowance">
            {isVisitor
              ? `Visitors get ${messages(info.dailyLimit)} a day. ${signUpOffer(info)}`
              : `Your plan includes ${messages(info.dailyLimit)} a day; a paid plan raises the limit.`}
          </p>
          <p className="text-fg-muted" data-testid="rate-limit-renewal">
            {renewal ? `Your allowance renews ${renewal}.` : 'Your allowance renews every day.'}
          </p>
          <LimitModalActions offerSignUp={isVisitor} onClose={close} />
        </div>
      )}
    </Modal>
  );
}
