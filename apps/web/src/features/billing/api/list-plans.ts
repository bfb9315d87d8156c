import type { PlanListResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';
import { publicPlansKey } from './billing-keys';

/** GET /plans: active plans in display order and the caller's current plan. */
export async function listPlans(): Promise<PlanListResponse> {
  const res = await http.get<unknown>('/plans');
  return parseWire('PlanListResponse', res.data);
}

/** Open to visitors; asked again when the signed-in user changes. */
export function usePlans() {
  const { user } = useAuth();
  return useQuery({ queryKey: publicPlansKey(user?.id ?? null), queryFn: listPlans });
}
