import type { SupportCategory, SupportStatus } from '@parallax/contract';

export const CATEGORY_LABELS: Record<SupportCategory, string> = {
  account: 'Account',
  billing: 'Billing',
  bug: 'Bug',
  feature: 'Feature request',
  other: 'Other',
};

/** The user reads "waiting on you"; admins read "waiting on user". */
export function statusLabel(status: SupportStatus, side: 'user' | 'admin'): string {
  if (status === 'open') return 'Open';
  if (status === 'closed') return 'Closed';
  return side === 'user' ? 'Waiting on you' : 'Waiting on user';
}

export function statusTone(status: SupportStatus): 'accent' | 'warning' | 'neutral' {
  return status === 'open' ? 'accent' : status === 'waiting_on_user' ? 'warning' : 'neutral';
}

/** Byte sizes as people read them. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
