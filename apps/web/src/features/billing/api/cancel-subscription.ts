import type { Subscription } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /billing/subscription/cancel: ends at the period's end; the plan stays until then. */
export async function cancelAtPeriodEnd(): Promise<Subscription> {
  const res = await http.post<unknown>('/billing/subscription/cancel');
  return parseWire('Subscription', res.data);
}

/** POST /billing/subscription/resume: takes the cancel back before the period ends. */
export async function resumeSubscription(): Promise<Subscription> {
  const res = await http.post<unknown>('/billing/subscription/resume');
  return parseWire('Subscription', res.data);
}
