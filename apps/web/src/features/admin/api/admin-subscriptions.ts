import type {
  AdminCancelSubscriptionRequest,
  AdminSubscriptionDetail,
  AdminSubscriptionListQuery,
  AdminSubscriptionListResponse,
  SubscriptionFigures,
} from '@parallax/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

/** Every admin subscription query; a cancel refreshes them all (list, detail, figures). */
export const adminSubscriptionsKey = ['admin', 'subscriptions'] as const;

/** GET /admin/subscriptions: filtered by status and plan, searched by email, a page at a time. */
export async function listAdminSubscriptions(
  query: AdminSubscriptionListQuery,
): Promise<AdminSubscriptionListResponse> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params[key] = String(value);
  const res = await http.get<unknown>('/admin/subscriptions', { params });
  return parseWire('AdminSubscriptionListResponse', res.data);
}

export function useAdminSubscriptions(query: AdminSubscriptionListQuery) {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: [...adminSubscriptionsKey, 'list', query],
    queryFn: () => listAdminSubscriptions(query),
    enabled: isAdmin,
    // The table keeps its rows while the next filter's answer is on its way.
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/subscriptions/figures: MRR, active subscribers per plan, churn over 30 days. */
export async function getSubscriptionFigures(): Promise<SubscriptionFigures> {
  const res = await http.get<unknown>('/admin/subscriptions/figures');
  return parseWire('SubscriptionFigures', res.data);
}

export function useSubscriptionFigures() {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: [...adminSubscriptionsKey, 'figures'],
    queryFn: getSubscriptionFigures,
    enabled: isAdmin,
  });
}

/** GET /admin/subscriptions/{id}: the subscription with its invoices and webhook events. */
export async function getAdminSubscription(id: string): Promise<AdminSubscriptionDetail> {
  const res = await http.get<unknown>(`/admin/subscriptions/${encodeURIComponent(id)}`);
  return parseWire('AdminSubscriptionDetail', res.data);
}

export function useAdminSubscription(id: string | null) {
  return useQuery({
    queryKey: [...adminSubscriptionsKey, 'detail', id],
    queryFn: () => getAdminSubscription(id ?? ''),
    enabled: id !== null,
  });
}

/** POST /admin/subscriptions/{id}/cancel: at once, or at the end of the paid period. */
export async function cancelAdminSubscription(
  id: string,
  body: AdminCancelSubscriptionRequest,
): Promise<AdminSubscriptionDetail> {
  const res = await http.post<unknown>(
    `/admin/subscriptions/${encodeURIComponent(id)}/cancel`,
    body,
  );
  return parseWire('AdminSubscriptionDetail', res.data);
}
