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
