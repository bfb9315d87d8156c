import type { FeatureFlagName } from '@parallax/contract';
import { ToggleRight } from 'lucide-react';
import { AdminPage } from '../../../ui/admin-page';
import { Card } from '../../../ui/card';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { AdminSharesCard } from '../../shares';
import { useAdminFeatureFlags, useUpdateFeatureFlag } from '../api/admin-feature-flags';
import { FEATURE_FLAG_LABELS, FeatureFlagRow } from './feature-flag-row';

/**
 * /admin/flags: the feature flags of spec §1, one switch each. A change applies to every
 * process at once; browsers pick it up when they next load the app (this tab at once).
 */
export function AdminFlagsScreen() {
  const flags = useAdminFeatureFlags();
  const update = useUpdateFeatureFlag();
  const savingName = update.isPending ? update.variables.name : null;

  const change = (name: FeatureFlagName, enabled: boolean) =>
    update.mutate(
      { name, enabled },
      {
        onSuccess: () =>
          toast.success(`${FEATURE_FLAG_LABELS[name]} turned ${enabled ? 'on' : 'off'}`),
        onError: (error) =>
          toast.error(`Could not change ${FEATURE_FLAG_LABELS[name]}`, error.message),
      },
    );

  return (
    <AdminPage
      title="Feature flags"
      description="Turn features on or off for everyone. Changes apply at once and are recorded in the audit log."
    >
      {flags.isLoading ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : flags.isError ? (
        <LoadFailed
          icon={ToggleRight}
          title="Could not load the feature flags"
          error={flags.error}
          onRetry={() => void flags.refetch()}
        />
      ) : (
        <Card>
          <ul className="divide-y divide-line">
            {(flags.data ?? []).map((flag) => (
              <FeatureFlagRow
                key={flag.name}
                flag={flag}
                saving={savingName === flag.name}
                onChange={(enabled) => change(flag.name, enabled)}
              />
            ))}
          </ul>
        </Card>
      )}
      <div className="mt-6">
        <AdminSharesCard />
      </div>
    </AdminPage>
  );
}
