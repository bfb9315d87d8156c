import type { PlanInterval } from '@parallax/contract';

/** "$15" / "$15.50" / "€120": minor units in the currency's own decimals; whole amounts drop ".00". */
export function formatPrice(minor: number, currency: string, locale?: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  } catch {
    // An unknown code: show the number with the code rather than fail the page.
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = minor / 10 ** digits;
  if (Number.isInteger(amount))
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      maximumFractionDigits: 0,
    }).format(amount);
  return format.format(amount);
}

export function perInterval(interval: PlanInterval): string {
  return interval === 'year' ? '/ year' : '/ month';
}

/** "Unlimited messages" / "50 messages a day". */
export function dailyMessagesText(limit: number | null): string {
  if (limit === null) return 'Unlimited messages';
  return `${limit.toLocaleString()} ${limit === 1 ? 'message' : 'messages'} a day`;
}
