import { http, parseWire } from '../../../../lib/http';
import type { SessionTokens } from '../../store/auth-store';

/** What a correct password, mailed code or Google answer leads to. */
export type SignInResult =
  | { kind: 'signed-in'; tokens: SessionTokens }
  /** Two-factor sign-in is on for the account: the code comes first (TWO_FACTOR_STEP_PATH). */
  | { kind: 'two-factor'; challenge: string };

/** A SignInResponse (spec §3 tokens, or the two-factor challenge) as the screens use it. */
export function toSignInResult(data: unknown): SignInResult {
  const wire = parseWire('SignInResponse', data);
  if ('two_factor_required' in wire) return { kind: 'two-factor', challenge: wire.challenge };
  return {
    kind: 'signed-in',
    tokens: { accessToken: wire.access_token, refreshToken: wire.refresh_token },
  };
}

/** POSTs a sign-in call whose answer is a SignInResponse. */
export async function postSignIn(url: string, body: object): Promise<SignInResult> {
  const res = await http.post<unknown>(url, body);
  return toSignInResult(res.data);
}
