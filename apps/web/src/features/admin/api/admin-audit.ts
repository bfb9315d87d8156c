import type { AuditListResponse } from '@parallax/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

export interface AuditFilters {
  actor: string;
  action: string;
  target_type: string;
}

/** GET /admin/audit with the filters that are set, newest first. */
export async function listAudit(filters: AuditFilters, offset: number): Promise<AuditListResponse> {
  const params = {
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== '')),
    offset,
    limit: 50,
  };
  const res = await http.get<unknown>('/admin/audit', { params });
  return parseWire('AuditListResponse', res.data);
}

export function useAudit(filters: AuditFilters, offset: number) {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: ['admin', 'audit', filters, offset],
    queryFn: () => listAudit(filters, offset),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });
}
