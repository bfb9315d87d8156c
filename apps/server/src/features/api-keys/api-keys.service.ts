import type { ApiKey, ApiKeyStatus, CreateApiKeyRequest, CreatedApiKey } from '@parallax/contract';
import type { z } from 'zod';
import { AppError } from '../../infra/errors';
import type { PlanRules } from '../billing';
import { createSecret, newKeyId } from './api-key-secret';
import { summariseUsage, usageStartDay, type KeyUsageSummary } from './api-key-usage';
import type { ApiKeyRow, ApiKeysRepository, KeyUsageRow } from './api-keys.repository';

const DAY_MS = 86_400_000;
const NOT_FOUND = 'API key not found.';

export type CreateApiKeyInput = z.output<typeof CreateApiKeyRequest>;

export function keyStatus(row: ApiKeyRow, now: Date): ApiKeyStatus {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) return 'expired';
  return 'active';
}

export function allowedModelsOf(row: ApiKeyRow): string[] | null {
  if (row.allowed_models === null) return null;
  const parsed: unknown = JSON.parse(row.allowed_models);
  return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : null;
}

function toApiKey(row: ApiKeyRow, usage: KeyUsageSummary, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    last_four: row.last_four,
    status: keyStatus(row, now),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    allowed_models: allowedModelsOf(row),
    monthly_token_budget:
      row.monthly_token_budget === null ? null : Number(row.monthly_token_budget),
    requests_per_minute: row.requests_per_minute,
    requests_this_month: usage.requestsThisMonth,
    tokens_this_month: usage.tokensThisMonth,
    daily_usage: usage.daily,
  };
}

/** The owner's side of API keys: create (secret shown once), list with usage, rename, revoke. */
export class ApiKeysService {
  constructor(
    private readonly repository: ApiKeysRepository,
    /** Registry ids that exist (enabled), to refuse a typo in allowed_models up front. */
    private readonly knownModelIds: () => Promise<ReadonlySet<string>>,
    /** The owner's current plan: API access and how many live keys it allows. */
    private readonly planOf: (userId: string) => Promise<PlanRules>,
  ) {}

  /** 403 when the owner's plan has no API access or no room for another live key. */
  async #checkPlan(userId: string, now: Date): Promise<void> {
    const plan = await this.planOf(userId);
    if (!plan.apiAccess)
      throw new AppError(
        'forbidden',
        `The ${plan.planName} plan does not include API access. See /pricing for plans that do.`,
      );
    if (plan.apiKeyLimit === null) return;
    const live = (await this.repository.listOwned(userId)).filter(
      (row) => keyStatus(row, now) === 'active',
    ).length;
    if (live >= plan.apiKeyLimit)
      throw new AppError(
        'forbidden',
        `The ${plan.planName} plan allows ${plan.apiKeyLimit} active API ${plan.apiKeyLimit === 1 ? 'key' : 'keys'}. Revoke one, or see /pricing for more.`,
      );
  }

  async create(
    userId: string,
    input: CreateApiKeyInput,
    now: Date = new Date(),
  ): Promise<CreatedApiKey> {
    await this.#checkPlan(userId, now);
    if (input.allowed_models) {
      const known = await this.knownModelIds();
      const unknown = input.allowed_models.find((id) => !known.has(id));
      if (unknown !== undefined)
        throw new AppError('validation_error', `allowed_models: unknown model "${unknown}"`);
    }
    const secret = createSecret();
    const id = newKeyId();
    await this.repository.insert({
      id,
      user_id: userId,
      name: input.name,
      secret_hash: secret.hash,
      prefix: secret.prefix,
      last_four: secret.lastFour,
      allowed_models: input.allowed_models
        ? JSON.stringify([...new Set(input.allowed_models)])
        : null,
      monthly_token_budget: input.monthly_token_budget,
      requests_per_minute: input.requests_per_minute,
      rate_window: null,
      rate_count: 0,
      expires_at:
        input.expires_in_days === null
          ? null
          : new Date(now.getTime() + input.expires_in_days * DAY_MS).toISOString(),
      revoked_at: null,
      last_used_at: null,
      created_at: now.toISOString(),
    });
    return { key: await this.get(userId, id, now), secret: secret.secret };
  }

  async list(userId: string, now: Date = new Date()): Promise<ApiKey[]> {
    const rows = await this.repository.listOwned(userId);
    const usage = await this.repository.usageSince(
      rows.map((r) => r.id),
      usageStartDay(now),
    );
    const byKey = new Map<string, KeyUsageRow[]>();
    for (const u of usage) byKey.set(u.key_id, [...(byKey.get(u.key_id) ?? []), u]);
    return rows.map((row) => toApiKey(row, summariseUsage(byKey.get(row.id) ?? [], now), now));
  }

  async get(userId: string, id: string, now: Date = new Date()): Promise<ApiKey> {
    const row = await this.repository.findOwned(id, userId);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const usage = await this.repository.usageSince([id], usageStartDay(now));
    return toApiKey(row, summariseUsage(usage, now), now);
  }

  async rename(userId: string, id: string, name: string): Promise<ApiKey> {
    if (!(await this.repository.rename(id, userId, name)))
      throw new AppError('not_found', NOT_FOUND);
    return this.get(userId, id);
  }

  /**
   * Effective at once in every process: the public API reads the key's row on every call,
   * so there is no cache to invalidate.
   */
  async revoke(userId: string, id: string, now: Date = new Date()): Promise<ApiKey> {
    await this.repository.revoke(id, userId, now.toISOString());
    return this.get(userId, id, now);
  }
}
