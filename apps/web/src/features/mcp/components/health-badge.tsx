import type { McpHealth } from '@parallax/contract';
import { Badge } from '../../../ui/badge';
import { healthLabel, retryNote } from '../model/health-label';

/** A server's state as a badge, with a failing server's reason and retry time under it. */
export function HealthBadge({
  health,
  withReason = true,
}: {
  health: McpHealth;
  withReason?: boolean;
}) {
  const { text, tone } = healthLabel(health);
  const retry = retryNote(health, Date.now());
  return (
    <span className="inline-flex min-w-0 flex-col items-start gap-0.5">
      <Badge tone={tone} data-testid="mcp-health" data-state={health.state}>
        {text}
      </Badge>
      {withReason && health.state === 'failing' && (health.reason || retry) && (
        <span className="text-xs break-words text-red-700 dark:text-red-300">
          {[health.reason, retry].filter(Boolean).join(' · ')}
        </span>
      )}
    </span>
  );
}
