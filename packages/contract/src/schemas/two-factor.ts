import { z } from 'zod';
import { PASSWORD_MAX_CHARS } from '../constants';
import { IsoTimestamp } from './common';
import { TokenResponse } from './auth';

/* Two-factor sign-in (issue 20 §5): TOTP enrolment, recovery codes, the second sign-in step. */

/** The 6 digits an authenticator app shows. */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Must be the 6 digits your authenticator app shows');

/**
 * A TOTP code or a recovery code (`xxxxx-xxxxx`; case, dash and spaces are ignored), told
 * apart by their length.
 */
export const TwoFactorCode = z
  .string()
  .trim()
  .min(6, 'Must be a 6-digit code or a recovery code')
  .max(32, 'Must be a 6-digit code or a recovery code');

/** GET /auth/2fa. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: IsoTimestamp.nullable(),
  /** Unused recovery codes left (0 while not enabled). */
  recovery_codes_left: z.int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /auth/2fa/setup: a new secret, pending until a code from it is confirmed. */
export const TwoFactorSetupResponse = z.object({
  /** The base32 secret, for typing into an app by hand. */
  manual_key: z.string().min(16),
  otpauth_uri: z.string().startsWith('otpauth://totp/'),
  /** The otpauth URI as a QR code: an SVG image as a data URL. */
  qr_code: z.string().startsWith('data:image/svg+xml;base64,'),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

/** POST /auth/2fa/enable. */
export const TwoFactorEnableRequest = z.object({ code: TotpCode });
export type TwoFactorEnableRequest = z.infer<typeof TwoFactorEnableRequest>;

/** Shown once; only their hashes are kept. */
export const RecoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()).length(10) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/** POST /auth/2fa/recovery-codes: new codes replace every old one. */
export const RegenerateRecoveryCodesRequest = z.object({ code: TwoFactorCode });
export type RegenerateRecoveryCodesRequest = z.infer<typeof RegenerateRecoveryCodesRequest>;

/**
 * POST /auth/2fa/disable. `password` is required for accounts that have one; Google/Apple-only
 * accounts confirm with the code alone.
 */
export const TwoFactorDisableRequest = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_CHARS).optional(),
  code: TwoFactorCode,
});
export type TwoFactorDisableRequest = z.infer<typeof TwoFactorDisableRequest>;

/** What a correct password (or Google/Apple) gets for an account with two-factor sign-in on. */
export const TwoFactorChallengeResponse = z.object({
  two_factor_required: z.literal(true),
  /** Single use, for POST /auth/2fa/verify only. */
  challenge: z.string().min(1),
  /** Seconds the challenge stays usable. */
  expires_in: z.int().positive(),
});
export type TwoFactorChallengeResponse = z.infer<typeof TwoFactorChallengeResponse>;

/** Login, code verification and Google sign-in: tokens, or the second step first. */
export const SignInResponse = z.union([TokenResponse, TwoFactorChallengeResponse]);
export type SignInResponse = z.infer<typeof SignInResponse>;

/** POST /auth/2fa/verify: the second step; answers with the tokens. */
export const TwoFactorVerifyRequest = z.object({
  challenge: z.string().min(1).max(512),
  code: TwoFactorCode,
});
export type TwoFactorVerifyRequest = z.infer<typeof TwoFactorVerifyRequest>;

/** Query of the web's second-step page after Apple's redirect. */
export const TwoFactorStepParams = z.object({ challenge: z.string().min(1).max(512) });
export type TwoFactorStepParams = z.infer<typeof TwoFactorStepParams>;
