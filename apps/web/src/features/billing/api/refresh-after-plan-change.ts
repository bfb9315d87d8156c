import type { QueryClient } from '@tanstack/react-query';

/**
 * A new plan moves limits everywhere (messages left, models offered, compare panels, API keys):
 * every query is asked again rather than each feature's keys being listed here.
 */
export function refreshAfterPlanChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
