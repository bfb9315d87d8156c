import type {
  CreatePlanRequest,
  Plan,
  ReorderPlansRequest,
  UpdatePlanRequest,
} from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

/** Under billing's ['plans'] key, so an admin's change refreshes /pricing too. */
export const adminPlansKey = ['plans', 'admin'] as const;

/** GET /admin/plans: every plan, archived ones too, in display order. */
export async function listAdminPlans(): Promise<Plan[]> {
  const res = await http.get<unknown>('/admin/plans');
  return parseWire('AdminPlanListResponse', res.data).plans;
}

export function useAdminPlans() {
  const { isAdmin } = useAuth();
  return useQuery({ queryKey: adminPlansKey, queryFn: listAdminPlans, enabled: isAdmin });
}

/** POST /admin/plans. */
export async function createPlan(body: CreatePlanRequest): Promise<Plan> {
  const res = await http.post<unknown>('/admin/plans', body);
  return parseWire('Plan', res.data);
}

/** PATCH /admin/plans/{id}: any of its fields, archived included. */
export async function updatePlan(id: string, changes: UpdatePlanRequest): Promise<Plan> {
  const res = await http.patch<unknown>(`/admin/plans/${encodeURIComponent(id)}`, changes);
  return parseWire('Plan', res.data);
}

/** PUT /admin/plans/order: every plan id in the new order. */
export async function reorderPlans(body: ReorderPlansRequest): Promise<Plan[]> {
  const res = await http.put<unknown>('/admin/plans/order', body);
  return parseWire('AdminPlanListResponse', res.data).plans;
}

/** POST /admin/plans/examples: the example paid plans, on an install without any (no body). */
export async function createExamplePlans(): Promise<Plan[]> {
  const res = await http.post<unknown>('/admin/plans/examples');
  return parseWire('AdminPlanListResponse', res.data).plans;
}
