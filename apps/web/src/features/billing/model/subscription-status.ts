import type { InvoiceStatus, SubscriptionStatus } from '@parallax/contract';

export type StatusTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const STATUS: Record<SubscriptionStatus, { label: string; tone: StatusTone }> = {
  incomplete: { label: 'Awaiting payment', tone: 'warning' },
  incomplete_expired: { label: 'Expired', tone: 'neutral' },
  trialing: { label: 'Trial', tone: 'accent' },
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past due', tone: 'danger' },
  canceled: { label: 'Cancelled', tone: 'neutral' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
  paused: { label: 'Paused', tone: 'neutral' },
};

/** Stripe's status in words a subscriber reads. */
export const statusLabel = (status: SubscriptionStatus) => STATUS[status].label;
export const statusTone = (status: SubscriptionStatus) => STATUS[status].tone;

const INVOICE: Record<InvoiceStatus, { label: string; tone: StatusTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  open: { label: 'Due', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  uncollectible: { label: 'Uncollectible', tone: 'danger' },
  void: { label: 'Void', tone: 'neutral' },
};

export const invoiceStatusLabel = (status: InvoiceStatus | null) =>
  status === null ? '—' : INVOICE[status].label;
export const invoiceStatusTone = (status: InvoiceStatus | null): StatusTone =>
  status === null ? 'neutral' : INVOICE[status].tone;

/** A subscription the subscriber still has or is paying for (manage shows it; checkout refuses). */
export function isLiveSubscription(status: SubscriptionStatus): boolean {
  return (
    status === 'active' || status === 'trialing' || status === 'past_due' || status === 'unpaid'
  );
}
