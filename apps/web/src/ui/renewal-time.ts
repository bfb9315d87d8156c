/** A calendar day as the viewer's clock shows it, for telling "today" from "tomorrow". */
function localDay(when: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(when);
}

/**
 * When a daily allowance renews, in the viewer's own time zone: "today at 7:00 PM (GMT-5)",
 * "tomorrow at 1:00 AM (GMT+1)". The server renews at 00:00 UTC, which is rarely midnight where
 * the user is, so the zone is named. Null for a missing or unreadable time.
 */
export function formatRenewal(
  resetsAt: string | null | undefined,
  now: Date = new Date(),
  options: { locale?: string; timeZone?: string } = {},
): string | null {
  if (!resetsAt) return null;
  const when = new Date(resetsAt);
  if (Number.isNaN(when.getTime())) return null;
  const { locale, timeZone } = options;
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).formatToParts(when);
  const clock = time
    .filter((p) => p.type !== 'timeZoneName')
    .map((p) => p.value)
    .join('')
    .trim();
  const zone = time.find((p) => p.type === 'timeZoneName')?.value;
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const day =
    localDay(when, timeZone) === localDay(now, timeZone)
      ? 'today'
      : localDay(when, timeZone) === localDay(tomorrow, timeZone)
        ? 'tomorrow'
        : `on ${new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long' }).format(when)}`;
  // The time and its zone never break across lines (some engines put a plain space before PM).
  const shown = `${clock}${zone ? ` (${zone})` : ''}`.replace(/\s/g, '\u00a0');
  return `${day} at ${shown}`;
}
