import type {
  AdminMcpResponse,
  AdminMcpServer,
  CreateAdminMcpServerRequest,
  UpdateAdminMcpServerRequest,
  UpdateMcpPlansRequest,
  UpdateMcpSettingsRequest,
} from '@parallax/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';
import { healthRecheckMs } from '../../mcp';

export const adminMcpKey = ['admin', 'mcp'] as const;

/** GET /admin/mcp: admin and config servers with health and tools, and plans' access. */
export async function getAdminMcp(): Promise<AdminMcpResponse> {
  const res = await http.get<unknown>('/admin/mcp');
  return parseWire('AdminMcpResponse', res.data);
}

/** POST /admin/mcp/servers: connects at once; a failure comes back as the server's health. */
export async function createAdminMcpServer(
  body: CreateAdminMcpServerRequest,
): Promise<AdminMcpServer> {
  const res = await http.post<unknown>('/admin/mcp/servers', body);
  return parseWire('AdminMcpServer', res.data);
}

/** PATCH /admin/mcp/servers/{id}: only the fields sent change; `auth` replaces the secrets. */
export async function updateAdminMcpServer(
  id: string,
  body: UpdateAdminMcpServerRequest,
): Promise<AdminMcpServer> {
  const res = await http.patch<unknown>(`/admin/mcp/servers/${encodeURIComponent(id)}`, body);
  return parseWire('AdminMcpServer', res.data);
}

/** DELETE /admin/mcp/servers/{id}. */
export async function deleteAdminMcpServer(id: string): Promise<void> {
  await http.delete<unknown>(`/admin/mcp/servers/${encodeURIComponent(id)}`);
}

/** POST /admin/mcp/servers/{id}/refresh: connects again now (skipping the back-off) and lists again. */
export async function reconnectAdminMcpServer(id: string): Promise<AdminMcpServer> {
  const res = await http.post<unknown>(`/admin/mcp/servers/${encodeURIComponent(id)}/refresh`);
  return parseWire('AdminMcpServer', res.data);
}

/** PATCH /admin/mcp/plans: which plans may add their own servers. */
export async function updateMcpPlans(body: UpdateMcpPlansRequest): Promise<void> {
  await http.patch<unknown>('/admin/mcp/plans', body);
}

/** PATCH /admin/mcp/settings: whether users' servers may use private addresses. */
export async function updateMcpSettings(body: UpdateMcpSettingsRequest): Promise<void> {
  await http.patch<unknown>('/admin/mcp/settings', body);
}

export function useAdminMcp() {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: adminMcpKey,
    queryFn: getAdminMcp,
    enabled: isAdmin,
    // A failing server reconnects on the server's own timer: read its health again then.
    refetchInterval: (query) =>
      healthRecheckMs(
        (query.state.data?.servers ?? []).map((s) => s.health),
        Date.now(),
      ),
  });
}

/** Every change reads the whole card again: health, tools and plans move together. */
export function useAdminMcpActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminMcpKey });
  return {
    create: useMutation({ mutationFn: createAdminMcpServer, onSettled: refresh }),
    update: useMutation({
      mutationFn: (input: { id: string; body: UpdateAdminMcpServerRequest }) =>
        updateAdminMcpServer(input.id, input.body),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: deleteAdminMcpServer, onSettled: refresh }),
    reconnect: useMutation({ mutationFn: reconnectAdminMcpServer, onSettled: refresh }),
    plans: useMutation({ mutationFn: updateMcpPlans, onSettled: refresh }),
    settings: useMutation({ mutationFn: updateMcpSettings, onSettled: refresh }),
  };
}
