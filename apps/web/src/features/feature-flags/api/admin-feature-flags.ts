import type {
  AdminFeatureFlag,
  FeatureFlagName,
  UpdateFeatureFlagRequest,
} from '@parallax/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';
import { loadPublicConfig } from '../../app-config';

export const adminFeatureFlagsKey = ['admin', 'feature-flags'] as const;

/** GET /admin/feature-flags: every flag with its default, description and last change. */
export async function listFeatureFlags(): Promise<AdminFeatureFlag[]> {
  const res = await http.get<unknown>('/admin/feature-flags');
  return parseWire('AdminFeatureFlagListResponse', res.data).flags;
}

export function useAdminFeatureFlags() {
  const { isAdmin } = useAuth();
  return useQuery({ queryKey: adminFeatureFlagsKey, queryFn: listFeatureFlags, enabled: isAdmin });
}

/** PUT /admin/feature-flags/{name}: on or off for everyone. */
export async function updateFeatureFlag(
  name: FeatureFlagName,
  body: UpdateFeatureFlagRequest,
): Promise<AdminFeatureFlag> {
  const res = await http.put<unknown>(`/admin/feature-flags/${name}`, body);
  return parseWire('AdminFeatureFlag', res.data);
}

/** Saves one flag, puts the answer in the list, and re-reads this tab's public config. */
export function useUpdateFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, enabled }: { name: FeatureFlagName; enabled: boolean }) =>
      updateFeatureFlag(name, { enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData<AdminFeatureFlag[]>(adminFeatureFlagsKey, (flags) =>
        flags?.map((flag) => (flag.name === saved.name ? saved : flag)),
      );
      void loadPublicConfig();
    },
  });
}
