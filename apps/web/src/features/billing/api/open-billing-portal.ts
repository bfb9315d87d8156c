import { http, parseWire } from '../../../lib/http';

/** POST /billing/portal: a one-time link to Stripe's billing portal for the caller. */
export async function createBillingPortalUrl(): Promise<string> {
  const res = await http.post<unknown>('/billing/portal');
  return parseWire('BillingPortalResponse', res.data).url;
}
