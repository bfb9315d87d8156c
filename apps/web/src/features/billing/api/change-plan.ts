import type { ChangePlanPreview, ChangePlanRequest, Subscription } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /billing/subscription/change-preview: what switching plans costs (Stripe's preview). */
export async function previewPlanChange(body: ChangePlanRequest): Promise<ChangePlanPreview> {
  const res = await http.post<unknown>('/billing/subscription/change-preview', body);
  return parseWire('ChangePlanPreview', res.data);
}

/** POST /billing/subscription/change, with the preview's proration date: charged as shown. */
export async function changePlan(body: ChangePlanRequest): Promise<Subscription> {
  const res = await http.post<unknown>('/billing/subscription/change', body);
  return parseWire('Subscription', res.data);
}
