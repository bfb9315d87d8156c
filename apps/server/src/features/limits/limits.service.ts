import { STATUS_POLICIES } from '@parallax/contract';
import type { AppConfig } from '../../config';
import { AppError } from '../../infra/errors';
import { ownerKey, type ChatOwner } from '../../infra/auth/chat-owner';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { allowsModel, type PlanRules, type PlansService } from '../billing';
import type { LimitsRepository } from './limits.repository';

export interface LimitState {
  /** Null when the owner has no daily limit. */
  dailyLimit: number | null;
  remaining: number | null;
  isAuthenticated: boolean;
  /** When the allowance renews; null with no limit. */
  resetsAt: Date | null;
  /** What a free account gets a day (the offer to visitors); null when unlimited. */
  freeDailyLimit: number | null;
}

/** The UTC day a unit counts against: allowances reset at 00:00 UTC. */
export function usageDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The start of the next usage day: the moment today's units stop counting. */
export function nextUsageDay(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Spec §8 429 text; the client opens its rate-limit modal on the status and shows this. */
export const LIMIT_EXCEEDED_DETAIL = STATUS_POLICIES[429]?.userMessage ?? 'Too many requests.';

/** Owners refused a unit in this process, with the day; a hint only, so its size is capped. */
const MAX_REFUSALS_KEPT = 10_000;

/**
 * Daily message allowances and plan rules: VISITOR_DAILY_LIMIT for visitors, the current plan's
 * daily message limit for users (the free plan's follows FREE_DAILY_LIMIT until an admin sets it).
 */
export class LimitsService {
  constructor(
    private readonly repository: LimitsRepository,
    private readonly limits: AppConfig['limits'],
    private readonly plans: PlansService,
    private readonly refusals = new Map<string, string>(),
  ) {}

  /** The same rules over `db`, e.g. a transaction that must spend together with its insert. */
  within(db: Kysely<Database>): LimitsService {
    return new LimitsService(
      this.repository.within(db),
      this.limits,
      this.plans.within(db),
      this.refusals,
    );
  }

  /** The plan whose rules apply: the user's current plan; visitors get the free plan's. */
  rulesFor(owner: ChatOwner): Promise<PlanRules> {
    return owner.kind === 'user' ? this.plans.rulesForUser(owner.id) : this.plans.freeRules();
  }

  /** The rules of a plan whose id the caller read with the user (see PlansService). */
  rulesForPlanId(planId: string | null): Promise<PlanRules> {
    return this.plans.rulesForPlanId(planId);
  }

  /** 422 naming `field` when the owner's plan does not include the model. */
  async assertModelAllowed(
    owner: ChatOwner,
    model: { id: string; provider: string; friendly_name: string },
    field = 'model',
  ): Promise<PlanRules> {
    const rules = await this.rulesFor(owner);
    if (!allowsModel(rules, model))
      throw new AppError(
        'validation_error',
        `${field}: ${model.friendly_name} is not included in the ${rules.planName} plan. See /pricing for plans that include it.`,
      );
    return rules;
  }

  /** 422 when the owner's plan allows fewer compare panels than asked for. */
  async assertComparePanels(owner: ChatOwner, panels: number): Promise<void> {
    const rules = await this.rulesFor(owner);
    if (panels > rules.comparePanels)
      throw new AppError(
        'validation_error',
        `models: the ${rules.planName} plan compares up to ${rules.comparePanels} models at once. See /pricing for more panels.`,
      );
  }

  /**
   * False when this process already refused the owner a unit today: work that is only worth
   * starting for a send that will be allowed (the early upstream request) is not started. True
   * says nothing; `spend` decides.
   */
  mayHaveAllowance(owner: ChatOwner, now: Date = new Date()): boolean {
    return this.refusals.get(ownerKey(owner)) !== usageDay(now);
  }

  /** The one place that decides an owner's allowance; null means unlimited. */
  async dailyLimitFor(owner: ChatOwner): Promise<number | null> {
    if (owner.kind === 'visitor') return this.limits.visitorDaily;
    return (await this.plans.rulesForUser(owner.id)).dailyMessageLimit;
  }

  async state(owner: ChatOwner, now: Date = new Date()): Promise<LimitState> {
    const [dailyLimit, free] = await Promise.all([
      this.dailyLimitFor(owner),
      this.plans.freeRules(),
    ]);
    const base = {
      dailyLimit,
      isAuthenticated: owner.kind === 'user',
      freeDailyLimit: free.dailyMessageLimit,
    };
    if (dailyLimit === null) return { ...base, remaining: null, resetsAt: null };
    const used = await this.repository.used(ownerKey(owner), usageDay(now));
    return { ...base, remaining: Math.max(0, dailyLimit - used), resetsAt: nextUsageDay(now) };
  }

  /**
   * The day a unit spent at `now` counts against, or null when the owner has no limit.
   * `rules`: the owner's plan rules when the caller has just read them (no second read).
   */
  async chargeDay(
    owner: ChatOwner,
    now: Date = new Date(),
    rules?: PlanRules,
  ): Promise<string | null> {
    return (await this.#limitOf(owner, rules)) === null ? null : usageDay(now);
  }

  /**
   * Spends one unit or throws 429 limit_exceeded. Returns the day charged (null: unlimited).
   * `rules`: the owner's plan rules when the caller has just read them (saves reading them twice).
   */
  async spend(owner: ChatOwner, now: Date = new Date(), rules?: PlanRules): Promise<string | null> {
    return (await this.spendUnit(owner, now, rules)).day;
  }

  /** `spend`, with what is left of the day's allowance after it (null: no limit). */
  async spendUnit(
    owner: ChatOwner,
    now: Date = new Date(),
    rules?: PlanRules,
  ): Promise<{ day: string | null; remaining: number | null }> {
    const limit = await this.#limitOf(owner, rules);
    if (limit === null) return { day: null, remaining: null };
    const day = usageDay(now);
    const used = limit > 0 ? await this.repository.spend(ownerKey(owner), day, limit) : null;
    if (used === null) {
      if (this.refusals.size >= MAX_REFUSALS_KEPT) this.refusals.clear();
      this.refusals.set(ownerKey(owner), day);
      throw new AppError('limit_exceeded', LIMIT_EXCEEDED_DETAIL);
    }
    return { day, remaining: Math.max(0, limit - used) };
  }

  /** The daily limit: a visitor's from the configuration, a user's from the rules given or read. */
  #limitOf(owner: ChatOwner, rules: PlanRules | undefined): Promise<number | null> | number | null {
    if (owner.kind === 'user' && rules) return rules.dailyMessageLimit;
    return this.dailyLimitFor(owner);
  }

  /** Gives a unit back (a turn the user got no answer for). */
  refund(owner: ChatOwner, day: string): Promise<void> {
    this.refusals.delete(ownerKey(owner));
    return this.repository.refund(ownerKey(owner), day);
  }

  /** Today's spending of a claimed visitor counts for the account, so signing in is no reset. */
  moveVisitorUsage(visitorId: string, userId: string, now: Date = new Date()): Promise<void> {
    return this.repository.moveSubject(
      ownerKey({ kind: 'visitor', id: visitorId }),
      ownerKey({ kind: 'user', id: userId }),
      usageDay(now),
    );
  }
}
