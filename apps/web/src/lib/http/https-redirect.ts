/** Statuses whose Location the client follows itself (spec §7). */
export const FOLLOWED_REDIRECT_STATUSES: readonly number[] = [302, 307];
export const MAX_REDIRECTS = 5;

/**
 * The https URL to follow for a redirect, or null when it must not be followed. Plain http
 * targets are upgraded; any other scheme is refused.
 */
export function secureRedirectUrl(location: string, requestUrl: string | undefined): string | null {
  let target: URL;
  try {
    target = new URL(location, requestUrl ?? globalThis.location?.href);
  } catch {
    return null;
  }
  if (target.protocol === 'http:') target.protocol = 'https:';
  return target.protocol === 'https:' ? target.toString() : null;
}
