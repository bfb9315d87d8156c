import type { RegenerateRecoveryCodesRequest } from '@parallax/contract';
import { http, parseWire } from '../../../../lib/http';

/** POST /auth/2fa/recovery-codes: ten new codes replace every old one. */
export async function regenerateRecoveryCodes(
  input: RegenerateRecoveryCodesRequest,
): Promise<string[]> {
  const res = await http.post<unknown>('/auth/2fa/recovery-codes', input);
  return parseWire('RecoveryCodesResponse', res.data).recovery_codes;
}
