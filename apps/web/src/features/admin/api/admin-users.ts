import type {
  AdminUserDetail,
  AdminUserListResponse,
  UpdateAdminUserRequest,
} from '@parallax/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

export interface AdminUserFilters {
  q: string;
  role: '' | 'user' | 'admin';
  verified: '' | 'true' | 'false';
  disabled: '' | 'true' | 'false';
}

export const adminUsersKey = ['admin', 'users'] as const;

/** GET /admin/users with the filters that are set. */
export async function listAdminUsers(filters: AdminUserFilters): Promise<AdminUserListResponse> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  const res = await http.get<unknown>('/admin/users', { params });
  return parseWire('AdminUserListResponse', res.data);
}

export function useAdminUsers(filters: AdminUserFilters) {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: [...adminUsersKey, filters],
    queryFn: () => listAdminUsers(filters),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/users/{id}: plan, usage, sessions. */
export async function getAdminUser(id: string): Promise<AdminUserDetail> {
  const res = await http.get<unknown>(`/admin/users/${encodeURIComponent(id)}`);
  return parseWire('AdminUserDetail', res.data);
}

export function useAdminUser(id: string | null) {
  return useQuery({
    queryKey: [...adminUsersKey, 'detail', id],
    queryFn: () => getAdminUser(id ?? ''),
    enabled: id !== null,
  });
}

/** PATCH /admin/users/{id}: role and/or disabled. */
export async function updateAdminUser(
  id: string,
  changes: UpdateAdminUserRequest,
): Promise<AdminUserDetail> {
  const res = await http.patch<unknown>(`/admin/users/${encodeURIComponent(id)}`, changes);
  return parseWire('AdminUserDetail', res.data);
}

/** POST /admin/users/{id}/resend-verification. */
export async function resendVerification(id: string): Promise<void> {
  await http.post<unknown>(`/admin/users/${encodeURIComponent(id)}/resend-verification`);
}

/** DELETE /admin/users/{id}. */
export async function deleteAdminUser(id: string): Promise<void> {
  await http.delete<unknown>(`/admin/users/${encodeURIComponent(id)}`);
}
