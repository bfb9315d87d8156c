import type { AdminFeatureFlag, FeatureFlagName } from '@parallax/contract';
import { useId } from 'react';
import { Badge } from '../../../ui/badge';
import { Switch } from '../../../ui/switch';

/** How the admin screen names each flag. */
export const FEATURE_FLAG_LABELS: Record<FeatureFlagName, string> = {
  google_sign_in: 'Google sign-in',
  apple_sign_in: 'Apple sign-in',
  two_factor: 'Two-factor sign-in',
  analytics: 'Analytics',
  mock_api: 'Mock API',
  https: 'HTTPS',
  sharing: 'Share links',
};

const onOff = (on: boolean) => (on ? 'On' : 'Off');

function lastChange(flag: AdminFeatureFlag): string {
  if (flag.updated_at === null) return 'Never changed: the spec default applies.';
  const who = flag.updated_by?.email ?? 'a deleted account';
  return `Last changed by ${who} on ${new Date(flag.updated_at).toLocaleString()}.`;
}

/** One flag: its name, what it does, the spec's default, the last change, and its switch. */
export function FeatureFlagRow({
  flag,
  saving,
  onChange,
}: {
  flag: AdminFeatureFlag;
  saving: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const id = useId();
  const changed = flag.enabled !== flag.default_enabled;
  return (
    <li className="flex items-start gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`${id}-name`} className="font-medium">
            {FEATURE_FLAG_LABELS[flag.name]}
          </h2>
          <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs text-fg-muted">
            {flag.name}
          </code>
          {changed && <Badge tone="warning">Changed from default</Badge>}
        </div>
        <p id={`${id}-description`} className="text-sm text-fg-muted">
          {flag.description}
        </p>
        <p className="text-xs text-fg-muted">
          Spec default: {onOff(flag.default_enabled)}. {lastChange(flag)}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2 pt-0.5">
        <span className="text-sm font-medium tabular-nums" aria-hidden>
          {onOff(flag.enabled)}
        </span>
        <Switch
          checked={flag.enabled}
          disabled={saving}
          onCheckedChange={onChange}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-description`}
        />
      </div>
    </li>
  );
}
