import type { AdminToolSettings, UpdateToolSettingsRequest } from '@parallax/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

export const adminToolsKey = ['admin', 'tools'] as const;

/** GET /admin/tools: the web search provider (key by its last 4), loop bounds, plans' access. */
export async function getToolSettings(): Promise<AdminToolSettings> {
  const res = await http.get<unknown>('/admin/tools');
  return parseWire('AdminToolSettings', res.data);
}

/** PATCH /admin/tools: only the fields sent change. */
export async function updateToolSettings(
  body: UpdateToolSettingsRequest,
): Promise<AdminToolSettings> {
  const res = await http.patch<unknown>('/admin/tools', body);
  return parseWire('AdminToolSettings', res.data);
}

export function useToolSettings() {
  const { isAdmin } = useAuth();
  return useQuery({ queryKey: adminToolsKey, queryFn: getToolSettings, enabled: isAdmin });
}

export function useUpdateToolSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateToolSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminToolsKey, saved),
  });
}
