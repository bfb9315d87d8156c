import type { Plan } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN_FORM, formValuesOf, planRequestOf } from './plan-form-values';

const filled = { ...EMPTY_PLAN_FORM, name: ' Pro ', price: '15.50', features: 'One\n\n  Two  \n' };

describe('plan form', () => {
  it('turns what was typed into the request: minor units, nulls for empty limits, one feature a line', () => {
    expect(planRequestOf(filled)).toEqual({
      ok: true,
      body: {
        name: 'Pro',
        description: '',
        price: 1550,
        currency: 'usd',
        interval: 'month',
        daily_message_limit: null,
        compare_panels: 6,
        api_access: true,
        api_key_limit: null,
        allowed_providers: null,
        allowed_models: null,
        features: ['One', 'Two'],
      },
    });
    const yen = planRequestOf({ ...filled, currency: 'JPY', price: '1200' });
    expect(yen.ok && yen.body.price).toBe(1200);
  });

  it('names the first field it cannot read', () => {
    expect(planRequestOf({ ...filled, name: '  ' })).toMatchObject({ ok: false, field: 'name' });
    expect(planRequestOf({ ...filled, price: '-1' })).toMatchObject({ ok: false, field: 'price' });
    expect(planRequestOf({ ...filled, price: 'ten' })).toMatchObject({ ok: false, field: 'price' });
    expect(planRequestOf({ ...filled, dailyLimit: '2.5' })).toMatchObject({
      ok: false,
      field: 'dailyLimit',
    });
    expect(planRequestOf({ ...filled, apiKeyLimit: '-3' })).toMatchObject({
      ok: false,
      field: 'apiKeyLimit',
    });
  });

  it('reads a saved plan back into the same request', () => {
    const plan: Plan = {
      id: 'p1',
      name: 'Team',
      description: 'For teams',
      price: 9900,
      currency: 'eur',
      interval: 'year',
      daily_message_limit: 1000,
      allowed_providers: ['openai'],
      allowed_models: ['gpt-5'],
      compare_panels: 4,
      api_access: false,
      api_key_limit: 3,
      features: ['A', 'B'],
      is_free: false,
      archived: false,
      display_order: 2,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const values = formValuesOf(plan);
    expect(values.price).toBe('99.00');
    expect(planRequestOf(values)).toEqual({
      ok: true,
      body: {
        name: 'Team',
        description: 'For teams',
        price: 9900,
        currency: 'eur',
        interval: 'year',
        daily_message_limit: 1000,
        compare_panels: 4,
        api_access: false,
        api_key_limit: 3,
        allowed_providers: ['openai'],
        allowed_models: ['gpt-5'],
        features: ['A', 'B'],
      },
    });
  });
});
