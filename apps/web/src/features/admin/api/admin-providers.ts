import type {
  ProviderHealth,
  ProviderName,
  ProviderSettings,
  ProviderTestResponse,
  UpdateProviderSettingsRequest,
} from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

export const adminProvidersKey = ['admin', 'providers'] as const;

/** GET /admin/providers: every provider's settings in effect (keys by their last 4). */
export async function listAdminProviders(): Promise<ProviderSettings[]> {
  const res = await http.get<unknown>('/admin/providers');
  return parseWire('ProviderSettingsListResponse', res.data).providers;
}

export function useAdminProviders() {
  const { isAdmin } = useAuth();
  return useQuery({ queryKey: adminProvidersKey, queryFn: listAdminProviders, enabled: isAdmin });
}

/** PATCH /admin/providers/{provider}: only the fields sent change. */
export async function updateProvider(
  provider: ProviderName,
  changes: UpdateProviderSettingsRequest,
): Promise<ProviderSettings> {
  const res = await http.patch<unknown>(`/admin/providers/${provider}`, changes);
  return parseWire('ProviderSettings', res.data);
}

/** POST /admin/providers/{provider}/test: a minimal real call, timed or classified. */
export async function testProvider(provider: ProviderName): Promise<ProviderTestResponse> {
  const res = await http.post<unknown>(`/admin/providers/${provider}/test`);
  return parseWire('ProviderTestResponse', res.data);
}

/** POST /admin/providers/{provider}/check: probes the provider now and answers its health. */
export async function checkProviderHealth(provider: ProviderName): Promise<ProviderHealth> {
  const res = await http.post<unknown>(`/admin/providers/${provider}/check`);
  return parseWire('ProviderHealth', res.data);
}
