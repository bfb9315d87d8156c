import type { Plan } from '@parallax/contract';
import { usePlans } from './list-plans';

/**
 * The caller's plan, for screens that show a limit before the server enforces it (visitors
 * get the free plan's rules). Null while loading, or when the plan is archived and so not
 * listed: the screen then shows the product's own bounds and the server has the last word.
 */
export function useCurrentPlan(): Plan | null {
  const { data } = usePlans();
  if (!data) return null;
  const id = data.current_plan_id;
  return data.plans.find((p) => (id === null ? p.is_free : p.id === id)) ?? null;
}
