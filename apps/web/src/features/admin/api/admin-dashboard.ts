import type { AdminDashboard } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

/** GET /admin/dashboard: today's figures and 30 days of daily counts. */
export async function getAdminDashboard(): Promise<AdminDashboard> {
  const res = await http.get<unknown>('/admin/dashboard');
  return parseWire('AdminDashboard', res.data);
}

export function useAdminDashboard() {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: getAdminDashboard,
    enabled: isAdmin,
    // Live streams and today's messages move: refresh while the page is open.
    refetchInterval: 30_000,
  });
}
