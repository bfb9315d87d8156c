/** "Dec 27, 2026": billing dates are days, not moments. */
export function formatDay(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}
