import type { AuthSession } from '@parallax/contract';

const DEVICE_NAMES: Record<AuthSession['device'], string> = {
  desktop: 'Computer',
  mobile: 'Phone',
  tablet: 'Tablet',
  tv: 'TV',
  bot: 'Automated client',
  unknown: 'Unknown device',
};

/** "Chrome 131 on Windows 10", or the device kind when the user agent said nothing useful. */
export function sessionTitle(s: Pick<AuthSession, 'browser' | 'os' | 'device'>): string {
  if (s.browser && s.os) return `${s.browser} on ${s.os}`;
  return s.browser ?? s.os ?? DEVICE_NAMES[s.device];
}

/** "Local network · 192.168.1.20": the place when the range is known, then the address. */
export function sessionPlace(s: Pick<AuthSession, 'place' | 'ip_address'>): string {
  return [s.place, s.ip_address].filter(Boolean).join(' · ') || 'Address not seen yet';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Active now" within the server's recording interval (a couple of minutes), then how long ago;
 * a session not used since sign-in counts from its sign-in.
 */
export function lastActive(
  s: Pick<AuthSession, 'last_active_at' | 'created_at'>,
  now = Date.now(),
): string {
  const at = Date.parse(s.last_active_at ?? s.created_at);
  const ago = Math.max(0, now - at);
  if (ago < 5 * MINUTE) return 'Active now';
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (ago < HOUR) return `Active ${rtf.format(-Math.floor(ago / MINUTE), 'minute')}`;
  if (ago < DAY) return `Active ${rtf.format(-Math.floor(ago / HOUR), 'hour')}`;
  return `Active ${rtf.format(-Math.floor(ago / DAY), 'day')}`;
}
