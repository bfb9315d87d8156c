/** A remembered location (the guard's `state.from`); fields are checked before use. */
export interface GuardLocationLike {
  pathname?: unknown;
  search?: unknown;
  hash?: unknown;
}

/** Where login returns to: the origin the guard remembered in `state.from`, else home. */
export function returnPathFrom(state: unknown): string {
  if (state === null || typeof state !== 'object' || !('from' in state)) return '/';
  const from: unknown = state.from;
  if (from === null || typeof from !== 'object') return '/';
  const { pathname, search, hash } = from as {
    pathname?: unknown;
    search?: unknown;
    hash?: unknown;
  };
  if (
    typeof pathname !== 'string' ||
    !pathname.startsWith('/') ||
    pathname.startsWith('//') ||
    pathname === '/login'
  )
    return '/';
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}

/** The remembered origin itself, to pass on to the next auth screen. */
export function originFrom(state: unknown): GuardLocationLike | undefined {
  if (state === null || typeof state !== 'object' || !('from' in state)) return undefined;
  const from: unknown = state.from;
  return from !== null && typeof from === 'object' ? (from as GuardLocationLike) : undefined;
}
