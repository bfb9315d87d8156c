import type { ClientErrorGroup, ClientErrorReport } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

export const adminErrorsKey = ['admin', 'errors'] as const;

/** GET /admin/errors: recent browser errors grouped by type and message. */
export async function listErrorGroups(): Promise<ClientErrorGroup[]> {
  const res = await http.get<unknown>('/admin/errors');
  return parseWire('ClientErrorGroupsResponse', res.data).groups;
}

/** GET /admin/errors/{errorId}: the newest report with that Error ID. */
export async function getErrorReport(errorId: string): Promise<ClientErrorReport> {
  const res = await http.get<unknown>(`/admin/errors/${encodeURIComponent(errorId)}`);
  return parseWire('ClientErrorReportResponse', res.data).report;
}

export function useErrorGroups() {
  const { isAdmin } = useAuth();
  return useQuery({ queryKey: adminErrorsKey, queryFn: listErrorGroups, enabled: isAdmin });
}

export function useErrorReport(errorId: string | null) {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: [...adminErrorsKey, 'report', errorId],
    queryFn: () => getErrorReport(errorId ?? ''),
    enabled: isAdmin && errorId !== null,
    retry: false,
  });
}
