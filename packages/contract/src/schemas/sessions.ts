import { z } from 'zod';

/**
 * One signed-in session of the caller's account, as Settings lists it. Device, browser and
 * system are read from the user agent the session was last used with; `place` names the
 * address range when it is known (a local or private network), else null.
 */
export const AuthSession = z.object({
  id: z.string(),
  created_at: z.string(),
  last_active_at: z.string().nullable(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'bot', 'unknown']),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip_address: z.string().nullable(),
  place: z.string().nullable(),
  current: z.boolean(),
});
export type AuthSession = z.infer<typeof AuthSession>;

/** GET /auth/sessions: the account's live sessions, the most recently active first. */
export const AuthSessionListResponse = z.object({ sessions: z.array(AuthSession) });
export type AuthSessionListResponse = z.infer<typeof AuthSessionListResponse>;

export const AuthSessionParams = z.object({ id: z.string().min(1).max(64) });
export type AuthSessionParams = z.infer<typeof AuthSessionParams>;
