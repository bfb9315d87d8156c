import type { Plan } from '@parallax/contract';
import { Link } from 'react-router';

/** Why no key can be made on this plan, and the way to one that allows it; null when one can. */
export function planApiBlock(plan: Plan | null, activeKeys: number): string | null {
  if (!plan) return null;
  if (!plan.api_access) return `The ${plan.name} plan does not include API access.`;
  if (plan.api_key_limit !== null && activeKeys >= plan.api_key_limit)
    return `The ${plan.name} plan allows ${plan.api_key_limit} active ${plan.api_key_limit === 1 ? 'key' : 'keys'}. Revoke one to make another.`;
  return null;
}

export function PlanApiNotice({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="mb-6 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-fg"
    >
      {message}{' '}
      <Link to="/pricing" className="font-medium text-accent underline-offset-2 hover:underline">
        See plans
      </Link>
    </p>
  );
}
