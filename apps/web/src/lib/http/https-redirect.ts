/** Statuses whose Location the client follows itself (spec §7). */
export const FOLLOWED_REDIRECT_STATUSES: readonly number[] = [302, 307];
export const MAX_REDIRECTS = 5;

/**
 * The URL to follow for a redirect, or null when it must not be followed. With the HTTPS flag on
 * (spec §1, the default) plain http targets are upgraded to https (spec §7); with it off they
 * are followed as given. Any other scheme is refused either way.
 */
export function secureRedirectUrl(
  location: string,
  requestUrl: string | undefined,
  httpsOnly = true,
): string | null {
  let target: URL;
  try {
    target = new URL(location, requestUrl ?? globalThis.location?.href);
  } catch {
    return null;
  }
  if (target.protocol === 'http:' && httpsOnly) target.protocol = 'https:';
  return target.protocol === 'https:' || target.protocol === 'http:' ? target.toString() : null;
}
