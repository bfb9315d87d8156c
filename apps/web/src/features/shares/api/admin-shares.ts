import type { AdminShare } from '@parallax/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

const adminSharesKey = ['admin', 'shares'] as const;

/** GET /admin/shares: every link, latest first. */
export async function listAdminShares(): Promise<AdminShare[]> {
  const res = await http.get<unknown>('/admin/shares');
  return parseWire('AdminShareListResponse', res.data).shares;
}

export function useAdminShares() {
  return useQuery({ queryKey: adminSharesKey, queryFn: listAdminShares });
}

/** DELETE /admin/shares/{id}: removes anyone's link (recorded in the audit log). */
export async function removeShare(id: string): Promise<void> {
  await http.delete<unknown>(`/admin/shares/${encodeURIComponent(id)}`);
}

export function useRemoveShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeShare,
    onSettled: () => client.invalidateQueries({ queryKey: adminSharesKey }),
  });
}
