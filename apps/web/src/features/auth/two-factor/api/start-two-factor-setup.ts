import { http, parseWire, type Wire } from '../../../../lib/http';

/** POST /auth/2fa/setup: a new secret (QR code and manual key), pending until confirmed. */
export async function startTwoFactorSetup(): Promise<Wire<'TwoFactorSetupResponse'>> {
  const res = await http.post<unknown>('/auth/2fa/setup');
  return parseWire('TwoFactorSetupResponse', res.data);
}
