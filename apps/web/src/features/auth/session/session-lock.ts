/**
 * The tabs of this browser share one session, so whatever changes it (a token refresh, the
 * sign-out on inactivity) runs under one Web Lock: one tab at a time, the others wait and then
 * find the work done. Without Web Locks it runs directly; the server's 409 for a refresh token
 * used twice at once then covers the race (see refresh-tokens.ts).
 */
export const SESSION_LOCK = 'parallax:session';

export async function withSessionLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return await locks.request(SESSION_LOCK, work);
}
