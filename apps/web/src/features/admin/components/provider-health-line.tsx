import type { ProviderHealth } from '@parallax/contract';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { formatCheckedAt } from '../model/format-checked-at';

/**
 * Whether the server reaches the provider (what its calls and periodic probe found), and a
 * "Check now" that probes at once. An unreachable provider's models are hidden from users.
 */
export function ProviderHealthLine({
  health,
  onCheck,
}: {
  health: ProviderHealth;
  onCheck: () => Promise<void>;
}) {
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checked = health.checked_at ? ` · checked ${formatCheckedAt(health.checked_at)}` : '';

  const check = async () => {
    setChecking(true);
    setError(null);
    try {
      await onCheck();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Please try again.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2">
      <p role="status" aria-live="polite" className="min-w-0 text-sm break-words">
        {health.state === 'unreachable' ? (
          <span className="text-red-700 dark:text-red-300">
            <span className="font-medium">Unreachable:</span> {health.reason ?? 'no answer'}
            {checked}
            <span className="block text-xs text-fg-muted">
              Its models are hidden from users until a check gets an answer.
            </span>
          </span>
        ) : health.state === 'reachable' ? (
          <span className="text-emerald-700 dark:text-emerald-300">Reachable{checked}</span>
        ) : (
          <span className="text-fg-muted">Not checked yet</span>
        )}
        {error && <span className="block text-red-700 dark:text-red-300">{error}</span>}
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        loading={checking}
        onClick={() => void check()}
      >
        Check now
      </Button>
    </div>
  );
}
