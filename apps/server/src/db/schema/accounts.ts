import type { Generated } from 'kysely';
import type { IsoTimestamp } from './conventions';

// Accounts: users, sign-in, sessions, visitor claims and two-factor.

/** Accounts (migration 0010). `role` is 'user' | 'admin'; `preferences` is a JSON object. */
export interface UsersTable {
  id: string;
  /** Normalised: trimmed and lower-cased. */
  email: string;
  /** argon2id; null for accounts that only sign in with Google or Apple. */
  password_hash: string | null;
  name: string | null;
  avatar_url: string | null;
  role: string;
  email_verified: number;
  preferences: string;
  /** The current plan (plans.id); null: the free plan. Set by subscriptions. */
  plan_id: Generated<string | null>;
  /** plan_id counts until then (a past-due subscription's grace); null: no end. */
  plan_until: Generated<IsoTimestamp | null>;
  /** Stripe's customer (cus_…), made once, at the first checkout. */
  stripe_customer_id: Generated<string | null>;
  /** Set while an admin has disabled the account (migration 0180): no session is live. */
  disabled_at: Generated<IsoTimestamp | null>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** The one live email verification code of an account (HMAC of the code, never the code). */
export interface VerificationCodesTable {
  user_id: string;
  code_hash: string;
  attempts: number;
  expires_at: IsoTimestamp;
  created_at: IsoTimestamp;
}

/** Per-key backoff state (login failures per email, mail sends per address), shared by processes. */
export interface AuthThrottlesTable {
  key: string;
  failures: number;
  blocked_until: IsoTimestamp | null;
  updated_at: IsoTimestamp;
}

/** A sign-in: the family of refresh tokens rotated from one login. `id` is the JWT `sid`. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: IsoTimestamp;
  /** Absolute end (30 days after sign-in); rotation never extends it. */
  expires_at: IsoTimestamp;
  revoked_at: IsoTimestamp | null;
  /** The browser's User-Agent header as last seen on this session (null before its first call). */
  user_agent: string | null;
  /** The caller's address as last seen (after TRUST_PROXY). */
  ip_address: string | null;
  /** Last authenticated call, recorded at most every SESSION_TOUCH_INTERVAL_MS. */
  last_active_at: IsoTimestamp | null;
}

export interface RefreshTokensTable {
  /** SHA-256 hex of the opaque token. */
  token_hash: string;
  session_id: string;
  created_at: IsoTimestamp;
  /** Set when rotated; a later presentation is reuse. */
  used_at: IsoTimestamp | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
}

/** A pending Google/Apple authorization (state, nonce and PKCE verifier stay server-side). */
export interface OauthStatesTable {
  state: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  visitor_id: string | null;
  expires_at: IsoTimestamp;
  created_at: IsoTimestamp;
}

export interface UserIdentitiesTable {
  provider: string;
  /** The provider's `sub`. */
  subject: string;
  user_id: string;
  email: string | null;
  created_at: IsoTimestamp;
}

/** A visitor id whose data moved to an account; each id is claimed once. */
export interface VisitorClaimsTable {
  visitor_id: string;
  user_id: string;
  claimed_at: IsoTimestamp;
}

/** An account's TOTP enrolment (migration 0220): pending until enabled_at is set. */
export interface TwoFactorTable {
  user_id: string;
  secret_sealed: string;
  enabled_at: IsoTimestamp | null;
  last_used_step: number | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** One of an account's one-time recovery codes, as a keyed hash. */
export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
}

/** The second step of a sign-in: single use, minutes long, bound to one account. */
export interface TwoFactorChallengesTable {
  token_hash: string;
  user_id: string;
  visitor_id: string | null;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
}
