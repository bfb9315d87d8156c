import type { UsageResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

/** GET /admin/usage: the last 30 days per provider and model per day. */
export async function getUsage(): Promise<UsageResponse> {
  const res = await http.get<unknown>('/admin/usage');
  return parseWire('UsageResponse', res.data);
}

export function useUsage() {
  const { isAdmin } = useAuth();
  return useQuery({ queryKey: ['admin', 'usage'], queryFn: getUsage, enabled: isAdmin });
}

/** GET /admin/usage/export: the same as CSV, saved as a file. */
export async function downloadUsageCsv(): Promise<void> {
  const res = await http.get<Blob>('/admin/usage/export', { responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'parallax-usage.csv';
  link.click();
  URL.revokeObjectURL(url);
}
