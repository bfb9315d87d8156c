import { PROVIDERS, type Plan, type PlanInterval, type ProviderName } from '@parallax/contract';
import type { PlanRow, PlanRuleRow } from './plans.repository';

/** What a plan allows, as the limit checks read it. */
export interface PlanRules {
  planId: string;
  planName: string;
  /** Null: unlimited. */
  dailyMessageLimit: number | null;
  /** Null: every provider / every model. */
  allowedProviders: readonly string[] | null;
  allowedModels: readonly string[] | null;
  comparePanels: number;
  apiAccess: boolean;
  /** Null: no cap. */
  apiKeyLimit: number | null;
}

function parseList(json: string | null): string[] | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

function isProvider(value: string): value is ProviderName {
  return (PROVIDERS as readonly string[]).includes(value);
}

/** The seeded free plan follows FREE_DAILY_LIMIT until an admin gives it a number. */
export function dailyLimitOf(
  row: Pick<PlanRow, 'daily_limit_from_settings' | 'daily_message_limit'>,
  freeDailySetting: number,
): number | null {
  return row.daily_limit_from_settings === 1 ? freeDailySetting : row.daily_message_limit;
}

export function toPlan(row: PlanRow, freeDailySetting: number): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_minor,
    currency: row.currency,
    interval: row.interval === 'year' ? 'year' : ('month' satisfies PlanInterval),
    daily_message_limit: dailyLimitOf(row, freeDailySetting),
    allowed_providers: parseList(row.allowed_providers)?.filter(isProvider) ?? null,
    allowed_models: parseList(row.allowed_models),
    compare_panels: row.compare_panels,
    api_access: row.api_access === 1,
    api_key_limit: row.api_key_limit,
    features: parseList(row.features) ?? [],
    is_free: row.is_free === 1,
    archived: row.archived_at !== null,
    display_order: row.display_order,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toRules(row: PlanRuleRow, freeDailySetting: number): PlanRules {
  return {
    planId: row.id,
    planName: row.name,
    dailyMessageLimit: dailyLimitOf(row, freeDailySetting),
    allowedProviders: parseList(row.allowed_providers),
    allowedModels: parseList(row.allowed_models),
    comparePanels: row.compare_panels,
    apiAccess: row.api_access === 1,
    apiKeyLimit: row.api_key_limit,
  };
}

/** Whether the plan lets its users talk to this model. */
export function allowsModel(rules: PlanRules, model: { id: string; provider: string }): boolean {
  if (rules.allowedProviders !== null && !rules.allowedProviders.includes(model.provider))
    return false;
  return rules.allowedModels === null || rules.allowedModels.includes(model.id);
}
