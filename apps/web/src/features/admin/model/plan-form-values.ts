import {
  COMPARE_MAX_PANELS,
  type CreatePlanRequest,
  type Plan,
  type PlanInterval,
  type ProviderName,
} from '@parallax/contract';

/** The plan form as typed: numbers stay text until saved, so a half-typed value is kept. */
export interface PlanFormValues {
  name: string;
  description: string;
  /** Major units ("15.50"). */
  price: string;
  currency: string;
  interval: PlanInterval;
  /** Empty: unlimited. */
  dailyLimit: string;
  comparePanels: number;
  apiAccess: boolean;
  /** Empty: no cap. */
  apiKeyLimit: string;
  /** Empty: all. */
  providers: ProviderName[];
  models: string[];
  /** One feature a line. */
  features: string;
}

export const EMPTY_PLAN_FORM: PlanFormValues = {
  name: '',
  description: '',
  price: '',
  currency: 'usd',
  interval: 'month',
  dailyLimit: '',
  comparePanels: COMPARE_MAX_PANELS,
  apiAccess: true,
  apiKeyLimit: '',
  providers: [],
  models: [],
  features: '',
};

/** Digits after the point in `currency` (2 for usd, 0 for jpy). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency: currency.toUpperCase(),
      }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

export function formValuesOf(plan: Plan): PlanFormValues {
  const digits = minorDigits(plan.currency);
  return {
    name: plan.name,
    description: plan.description,
    price: (plan.price / 10 ** digits).toFixed(digits),
    currency: plan.currency,
    interval: plan.interval,
    dailyLimit: plan.daily_message_limit === null ? '' : String(plan.daily_message_limit),
    comparePanels: plan.compare_panels,
    apiAccess: plan.api_access,
    apiKeyLimit: plan.api_key_limit === null ? '' : String(plan.api_key_limit),
    providers: plan.allowed_providers ?? [],
    models: plan.allowed_models ?? [],
    features: plan.features.join('\n'),
  };
}

type Parsed = { ok: true; body: CreatePlanRequest } | { ok: false; field: string; message: string };

function wholeOrNull(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

/**
 * The request the form describes, or the first field it cannot be. The server checks the same
 * rules again (and more: unknown models); this only saves a round trip for typing mistakes.
 */
export function planRequestOf(values: PlanFormValues): Parsed {
  if (values.name.trim() === '')
    return { ok: false, field: 'name', message: 'Give the plan a name.' };
  const digits = minorDigits(values.currency);
  const price = Number(values.price.trim());
  if (values.price.trim() === '' || !Number.isFinite(price) || price < 0)
    return { ok: false, field: 'price', message: 'Enter a price of 0 or more.' };
  const dailyLimit = wholeOrNull(values.dailyLimit);
  if (dailyLimit === undefined)
    return { ok: false, field: 'dailyLimit', message: 'A whole number, or empty for unlimited.' };
  const apiKeyLimit = wholeOrNull(values.apiKeyLimit);
  if (apiKeyLimit === undefined)
    return { ok: false, field: 'apiKeyLimit', message: 'A whole number, or empty for no cap.' };
  return {
    ok: true,
    body: {
      name: values.name.trim(),
      description: values.description.trim(),
      price: Math.round(price * 10 ** digits),
      currency: values.currency.trim().toLowerCase(),
      interval: values.interval,
      daily_message_limit: dailyLimit,
      compare_panels: values.comparePanels,
      api_access: values.apiAccess,
      api_key_limit: apiKeyLimit,
      allowed_providers: values.providers.length > 0 ? values.providers : null,
      allowed_models: values.models.length > 0 ? values.models : null,
      features: values.features
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length > 0),
    },
  };
}
