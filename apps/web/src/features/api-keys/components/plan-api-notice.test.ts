import type { Plan } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { planApiBlock } from './plan-api-notice';

const plan = (changes: Partial<Plan>): Plan => ({
  id: 'free',
  name: 'Free',
  description: '',
  price: 0,
  currency: 'usd',
  interval: 'month',
  daily_message_limit: 50,
  allowed_providers: null,
  allowed_models: null,
  compare_panels: 6,
  api_access: true,
  api_key_limit: null,
  features: [],
  is_free: true,
  archived: false,
  display_order: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...changes,
});

describe('planApiBlock', () => {
  it('lets keys be made while the plan allows them', () => {
    expect(planApiBlock(null, 10)).toBeNull();
    expect(planApiBlock(plan({}), 10)).toBeNull();
    expect(planApiBlock(plan({ api_key_limit: 2 }), 1)).toBeNull();
  });

  it('says why not when the plan has no API or no room', () => {
    expect(planApiBlock(plan({ api_access: false }), 0)).toBe(
      'The Free plan does not include API access.',
    );
    expect(planApiBlock(plan({ api_key_limit: 1 }), 1)).toBe(
      'The Free plan allows 1 active key. Revoke one to make another.',
    );
  });
});
