import type { TwoFactorEnableRequest } from '@parallax/contract';
import { http, parseWire } from '../../../../lib/http';

/** POST /auth/2fa/enable: the first code turns it on; answers the recovery codes, once. */
export async function enableTwoFactor(input: TwoFactorEnableRequest): Promise<string[]> {
  const res = await http.post<unknown>('/auth/2fa/enable', input);
  return parseWire('RecoveryCodesResponse', res.data).recovery_codes;
}
