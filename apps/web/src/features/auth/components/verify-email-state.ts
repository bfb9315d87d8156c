import type { GuardLocationLike } from './return-path';

/** Navigation state of /verify-email (spec §2: the email arrives in navigation state). */
export interface VerifyEmailState {
  email: string;
  /** Set when coming from sign-in: the earlier code may have expired, so a fresh one is mailed. */
  sendCode?: boolean;
  /** The page to return to after verification, passed along from the guard. */
  from?: GuardLocationLike;
}

export function readVerifyEmailState(state: unknown): VerifyEmailState | null {
  if (state === null || typeof state !== 'object') return null;
  const { email, sendCode, from } = state as Record<string, unknown>;
  if (typeof email !== 'string' || email === '') return null;
  return {
    email,
    ...(sendCode === true && { sendCode: true }),
    ...(from !== null && typeof from === 'object' && { from: from as GuardLocationLike }),
  };
}
