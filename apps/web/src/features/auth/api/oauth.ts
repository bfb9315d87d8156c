import type { GoogleExchangeRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { postSignIn, type SignInResult } from '../two-factor/api/sign-in-result';

/** The app's own Google callback: the only redirect_uri the server accepts. */
export function googleRedirectUri(origin: string = window.location.origin): string {
  return `${origin}/auth/google/callback`;
}

/** GET /api/v1/auth/oauth/google/login?redirect_uri → where to send the browser. */
export async function getGoogleLoginUrl(redirectUri: string): Promise<string> {
  const res = await http.get<unknown>('/auth/oauth/google/login', {
    params: { redirect_uri: redirectUri },
  });
  return parseWire('OAuthLoginResponse', res.data).auth_url;
}

/** POST /api/v1/auth/oauth/google/exchange: tokens, or the two-factor step first. */
export function exchangeGoogleCode(input: GoogleExchangeRequest): Promise<SignInResult> {
  return postSignIn('/auth/oauth/google/exchange', input);
}

/** GET /api/v1/auth/oauth/apple/login → where to send the browser. */
export async function getAppleLoginUrl(): Promise<string> {
  const res = await http.get<unknown>('/auth/oauth/apple/login');
  return parseWire('OAuthLoginResponse', res.data).auth_url;
}
