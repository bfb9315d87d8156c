/**
 * The page to return to after a Google or Apple round trip. Navigation state does not survive
 * leaving the app, so it waits in sessionStorage (this tab only) until the callback screen.
 */
const KEY = 'parallax:oauth-origin';

export function rememberOAuthOrigin(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage blocked: the callback falls back to home.
  }
}

/** Reads and forgets the remembered page; only same-app paths are honoured. */
export function takeOAuthOrigin(): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (path && path.startsWith('/') && !path.startsWith('//')) return path;
  } catch {
    // Storage blocked.
  }
  return '/';
}
