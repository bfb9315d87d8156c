import type { Plan } from '@parallax/contract';
import { dailyMessagesText } from './format-price';

/** What the plan's limits mean, in words, before the admin's own lines. */
export function planIncludedLines(plan: Plan): string[] {
  return [
    dailyMessagesText(plan.daily_message_limit),
    `Compare up to ${plan.compare_panels} models side by side`,
    plan.api_access
      ? plan.api_key_limit === null
        ? 'API access'
        : `API access (up to ${plan.api_key_limit} ${plan.api_key_limit === 1 ? 'key' : 'keys'})`
      : 'No API access',
    ...plan.features,
  ];
}
