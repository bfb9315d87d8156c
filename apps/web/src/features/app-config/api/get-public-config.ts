import { http, parseWire, type Wire } from '../../../lib/http';

export type PublicConfig = Wire<'PublicConfigResponse'>;

/** GET /api/v1/config: flags, the Stripe publishable key and the sign-in providers offered. */
export async function getPublicConfig(): Promise<PublicConfig> {
  const res = await http.get<unknown>('/config');
  return parseWire('PublicConfigResponse', res.data);
}
