import { z } from 'zod';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '../constants';
import { Email, HttpUrl } from './common';

/* Spec §7 "Auth". Password bounds: PASSWORD_MIN_CHARS / PASSWORD_MAX_CHARS in ../constants. */

/** A password being chosen (register, reset, change). */
export const NewPassword = z.string().min(PASSWORD_MIN_CHARS).max(PASSWORD_MAX_CHARS);
/** A password being checked: any existing one, bounded so hashing cannot be abused. */
const ExistingPassword = z.string().min(1).max(PASSWORD_MAX_CHARS);

/** Six digits, as mailed. */
export const VerificationCode = z.string().regex(/^\d{6}$/, 'Must be 6 digits');

export const RegisterRequest = z.object({
  email: Email,
  password: NewPassword,
  name: z.string().trim().min(1).max(100).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The same answer whether or not the email already had an account (no enumeration). */
export const RegisterResponse = z.object({
  verification_required: z.literal(true),
  email: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const LoginRequest = z.object({ email: Email, password: ExistingPassword });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Seconds until the access token expires. */
  expires_in: z.int().positive(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const RefreshRequest = z.object({ refresh_token: z.string().min(1).max(512) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** The refresh token, when sent, lets the server revoke exactly this session's family. */
export const LogoutRequest = z.object({ refresh_token: z.string().min(1).max(512).optional() });
export type LogoutRequest = z.infer<typeof LogoutRequest>;

export const PasswordResetRequest = z.object({ email: Email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

const ResetToken = z.string().min(1).max(512);

export const PasswordResetValidateRequest = z.object({ token: ResetToken });
export type PasswordResetValidateRequest = z.infer<typeof PasswordResetValidateRequest>;

export const PasswordResetValidateResponse = z.object({ valid: z.boolean() });
export type PasswordResetValidateResponse = z.infer<typeof PasswordResetValidateResponse>;

export const PasswordResetConfirmRequest = z.object({
  token: ResetToken,
  new_password: NewPassword,
});
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

export const ChangePasswordRequest = z.object({
  current_password: ExistingPassword,
  new_password: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const VerifyCodeRequest = z.object({ email: Email, code: VerificationCode });
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>;

export const ResendVerificationCodeRequest = z.object({ email: Email });
export type ResendVerificationCodeRequest = z.infer<typeof ResendVerificationCodeRequest>;

/** GET /auth/oauth/google/login?redirect_uri=… (must be the app's /auth/google/callback). */
export const GoogleLoginQuery = z.object({ redirect_uri: HttpUrl });
export type GoogleLoginQuery = z.infer<typeof GoogleLoginQuery>;

/** Answer of both OAuth login calls: where to send the browser. */
export const OAuthLoginResponse = z.object({ auth_url: HttpUrl });
export type OAuthLoginResponse = z.infer<typeof OAuthLoginResponse>;

export const GoogleExchangeRequest = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  redirect_uri: HttpUrl,
});
export type GoogleExchangeRequest = z.infer<typeof GoogleExchangeRequest>;

/**
 * Apple's form_post to the server's callback (application/x-www-form-urlencoded). `user` is a
 * JSON string Apple sends only on the first sign-in; `error` replaces the rest when the person
 * cancels.
 */
export const AppleCallbackBody = z.object({
  code: z.string().min(1).max(2048).optional(),
  id_token: z.string().min(1).max(8192).optional(),
  state: z.string().min(1).max(512),
  user: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
});
export type AppleCallbackBody = z.infer<typeof AppleCallbackBody>;

/** Query of /auth/apple/success after the server's redirect. */
export const AppleSuccessParams = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type AppleSuccessParams = z.infer<typeof AppleSuccessParams>;

/** Query of /auth/apple/error after the server's redirect. */
export const AppleErrorParams = z.object({ reason: z.string().max(200).optional() });
export type AppleErrorParams = z.infer<typeof AppleErrorParams>;

/** GET /auth/providers: which sign-in providers are configured, so the web hides the others. */
export const AuthProvidersResponse = z.object({ google: z.boolean(), apple: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;
