import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../infra/errors';
import type { ChatOwner } from '../../../infra/auth/chat-owner';
import { allowsModel, type PlanRules } from '../../billing';
import type { LimitsService } from '../../limits';
import { hashSecret, looksLikeSecret } from '../api-key-secret';
import { monthStartDay, utcDay } from '../api-key-usage';
import type { ApiKeysRepository } from '../api-keys.repository';
import { allowedModelsOf, keyStatus } from '../api-keys.service';
import type { ApiCallRecorder } from './call-recorder';
import { OpenAiError } from './openai-error';
import { timeOrderedId } from '../../../infra/time-ordered-id';

/** What a valid key lets its call do, read from the key's row on every call. */
export interface KeyAccess {
  keyId: string;
  userId: string;
  owner: ChatOwner;
  /** The owner's plan (null: the free plan), read with the key. */
  planId: string | null;
  allowedModels: ReadonlySet<string> | null;
  requestsPerMinute: number | null;
  monthlyTokenBudget: number | null;
}

/** A call let through: the day whose message allowance paid for it, and headers to send. */
export interface Admission {
  chargeDay: string | null;
  headers: Record<string, string>;
}

export interface CallRecord {
  model: string;
  stream: boolean;
  status: number;
  outcome: string;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  /** The caller got nothing of an answer: the message allowance is given back. */
  refund: boolean;
}

const unauthorized = (message: string, code = 'invalid_api_key'): OpenAiError =>
  new OpenAiError(401, 'authentication_error', message, code);

function secondsUntilNextMinute(now: Date): number {
  return 60 - now.getUTCSeconds();
}

function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

function secondsUntilNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** `Authorization: Bearer <key>` of a public API call; undefined when absent. */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
}

/**
 * Who may call the public API and how much: the key (checked in the database on every call,
 * so a revoke is seen at once by every process), its own per-minute and monthly-token limits,
 * and the owner's daily message allowance shared with the web (app.limits).
 */
export class ApiAccessService {
  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly limits: LimitsService,
    /** Where settled calls go; the completion route waits on it for a call's record. */
    readonly recorder: ApiCallRecorder,
  ) {}

  async authenticate(secret: string | undefined, now: Date = new Date()): Promise<KeyAccess> {
    if (secret === undefined)
      throw unauthorized(
        'You didn’t provide an API key. Send it as "Authorization: Bearer <key>".',
        'missing_api_key',
      );
    const row = looksLikeSecret(secret)
      ? await this.repository.findByHash(hashSecret(secret))
      : undefined;
    if (!row) throw unauthorized('Incorrect API key provided. Create a key on the API keys page.');
    const status = keyStatus(row, now);
    if (status === 'revoked')
      throw unauthorized('This API key has been revoked.', 'api_key_revoked');
    if (status === 'expired') throw unauthorized('This API key has expired.', 'api_key_expired');
    const allowed = allowedModelsOf(row);
    return {
      keyId: row.id,
      userId: row.user_id,
      owner: { kind: 'user', id: row.user_id },
      planId:
        row.owner_plan_until === null || Date.parse(row.owner_plan_until) > now.getTime()
          ? row.owner_plan_id
          : null,
      allowedModels: allowed === null ? null : new Set(allowed),
      requestsPerMinute: row.requests_per_minute,
      monthlyTokenBudget:
        row.monthly_token_budget === null ? null : Number(row.monthly_token_budget),
    };
  }

  mayUseModel(access: KeyAccess, modelId: string): boolean {
    return access.allowedModels === null || access.allowedModels.has(modelId);
  }

  /** May both the key and the owner's plan use the model? */
  mayUseWithPlan(
    access: KeyAccess,
    plan: PlanRules,
    model: { id: string; provider: string },
  ): boolean {
    return this.mayUseModel(access, model.id) && allowsModel(plan, model);
  }

  /** 403 unless the key may use the model (registry id). */
  checkModel(access: KeyAccess, modelId: string): void {
    if (!this.mayUseModel(access, modelId)) {
      throw new OpenAiError(
        403,
        'permission_error',
        `This API key is not allowed to use the model "${modelId}".`,
        'model_not_allowed',
        'model',
      );
    }
  }

  /** 403 unless the owner's current plan includes the API (every /v1 call); the plan's rules. */
  async checkApiAccess(access: KeyAccess): Promise<PlanRules> {
    const plan = await this.limits.rulesForPlanId(access.planId);
    if (!plan.apiAccess)
      throw new OpenAiError(
        403,
        'permission_error',
        `Your ${plan.planName} plan does not include API access. See /pricing for plans that do.`,
        'plan_without_api_access',
        null,
      );
    return plan;
  }

  /** 403 unless the owner's plan (from checkApiAccess) includes the model. */
  checkModelInPlan(plan: PlanRules, model: { id: string; provider: string }): void {
    if (!allowsModel(plan, model))
      throw new OpenAiError(
        403,
        'permission_error',
        `The model "${model.id}" is not included in your ${plan.planName} plan.`,
        'model_not_in_plan',
        'model',
      );
  }

  /**
   * The key's rate, then its budget, then the owner's daily allowance (spent last, so a call
   * refused by the key's own limits costs no message). 429 with retry-after when refused.
   */
  async admit(access: KeyAccess, plan: PlanRules, now: Date = new Date()): Promise<Admission> {
    const headers: Record<string, string> = {};
    if (access.requestsPerMinute !== null) {
      const limit = access.requestsPerMinute;
      const taken = await this.repository.takeRateSlot(
        access.keyId,
        now.toISOString().slice(0, 16),
        limit,
      );
      const reset = secondsUntilNextMinute(now);
      headers['x-ratelimit-limit-requests'] = String(limit);
      headers['x-ratelimit-remaining-requests'] = String(Math.max(0, limit - (taken ?? limit)));
      headers['x-ratelimit-reset-requests'] = `${reset}s`;
      if (taken === undefined) {
        throw new OpenAiError(
          429,
          'rate_limit_error',
          `Rate limit reached for this API key: ${limit} requests per minute.`,
          'rate_limit_exceeded',
          null,
          { ...headers, 'retry-after': String(reset) },
        );
      }
    }
    // A call's tokens are known only once it has answered, and its record is written within
    // CALL_FLUSH_AFTER_MS after that: the budget can be overshot by calls running when it runs
    // out and by calls admitted in that short window, never by later ones.
    if (access.monthlyTokenBudget !== null) {
      const budget = access.monthlyTokenBudget;
      const used = await this.repository.tokensSince(access.keyId, monthStartDay(now));
      headers['x-ratelimit-limit-tokens'] = String(budget);
      headers['x-ratelimit-remaining-tokens'] = String(Math.max(0, budget - used));
      headers['x-ratelimit-reset-tokens'] = `${secondsUntilNextMonth(now)}s`;
      if (used >= budget) {
        throw new OpenAiError(
          429,
          'rate_limit_error',
          `This API key has used its monthly budget of ${budget} tokens.`,
          'insufficient_quota',
          null,
          {
            ...headers,
            'retry-after': String(secondsUntilNextMonth(now)),
          },
        );
      }
    }
    try {
      return { chargeDay: await this.limits.spend(access.owner, now, plan), headers };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'limit_exceeded') throw error;
      const daily = await this.limits.dailyLimitFor(access.owner);
      throw new OpenAiError(
        429,
        'rate_limit_error',
        `You have used all ${daily ?? 0} messages of today’s allowance (the web app and the API share it). It resets at 00:00 UTC.`,
        'daily_limit_exceeded',
        null,
        {
          ...headers,
          'retry-after': String(secondsUntilNextUtcDay(now)),
          'x-ratelimit-limit-requests-day': String(daily ?? 0),
          'x-ratelimit-remaining-requests-day': '0',
        },
      );
    }
  }

  /**
   * Gives the message back when nothing was answered (at once: the owner's next send may need
   * it), and hands the call's record to the recorder, which writes it within a moment.
   */
  async settle(
    access: KeyAccess,
    admission: Admission,
    call: CallRecord,
    now: Date = new Date(),
  ): Promise<void> {
    if (call.refund && admission.chargeDay !== null)
      await this.limits.refund(access.owner, admission.chargeDay);
    this.recorder.add({
      call: {
        id: timeOrderedId(now.getTime()),
        key_id: access.keyId,
        user_id: access.userId,
        model: call.model,
        stream: call.stream ? 1 : 0,
        status: call.status,
        outcome: call.outcome,
        input_tokens: call.inputTokens,
        output_tokens: call.outputTokens,
        latency_ms: Math.round(call.latencyMs),
        created_at: now.toISOString(),
      },
      day: utcDay(now),
    });
  }
}
