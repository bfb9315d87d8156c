import type { GoogleExchangeRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import type { SessionTokens } from '../store/auth-store';
import { toSessionTokens } from './tokens';

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

/** POST /api/v1/auth/oauth/google/exchange. */
export async function exchangeGoogleCode(input: GoogleExchangeRequest): Promise<SessionTokens> {
  const res = await http.post<unknown>('/auth/oauth/google/exchange', input);
  return toSessionTokens(res.data);
}

/** GET /api/v1/auth/oauth/apple/login → where to send the browser. */
export async function getAppleLoginUrl(): Promise<string> {
  const res = await http.get<unknown>('/auth/oauth/apple/login');
  return parseWire('OAuthLoginResponse', res.data).auth_url;
}
