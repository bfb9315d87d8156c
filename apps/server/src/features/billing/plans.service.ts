import { randomUUID } from 'node:crypto';
import {
  CreatePlanRequest,
  EXAMPLE_PLANS,
  type Plan,
  type PlanListResponse,
  type UpdatePlanRequest,
} from '@parallax/contract';
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Database, PlansTable } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { PlanSync } from './plan-sync';
import { toPlan, toRules, type PlanRules } from './plan-view';
import { FREE_PLAN_ID, PlansRepository, type PlanRow } from './plans.repository';

export const PLAN_NOT_FOUND = 'Plan not found';

type CreateInput = z.output<typeof CreatePlanRequest>;
type UpdateInput = z.output<typeof UpdatePlanRequest>;

export interface PlansDeps {
  /** FREE_DAILY_LIMIT: the seeded free plan's allowance until an admin sets one. */
  freeDailySetting: number;
  /** Ids of the models in the registry, to refuse a plan naming a model that does not exist. */
  knownModelIds: () => Promise<readonly string[]>;
  /** Null without Stripe keys: paid plans then exist only here (checkout says so). */
  sync: PlanSync | null;
}

/** How long a process keeps a plan's rules for the public API (see rulesForPlanId). */
const PLAN_RULES_FRESH_MS = 5_000;

interface CachedRules {
  rules: PlanRules;
  until: number;
}

function invalid(detail: string): AppError {
  return new AppError('validation_error', detail);
}

function jsonList(list: readonly string[] | null): string | null {
  return list === null ? null : JSON.stringify([...new Set(list)]);
}

/** Plans: the public list for /pricing, the admin's editing, and each user's limits. */
export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly deps: PlansDeps,
    private readonly rulesCache = new Map<string, CachedRules>(),
  ) {}

  /** The same rules over `db` (a transaction that must read what it writes). */
  within(db: Kysely<Database>): PlansService {
    return new PlansService(new PlansRepository(db), this.deps, this.rulesCache);
  }

  #view = (row: PlanRow): Plan => toPlan(row, this.deps.freeDailySetting);

  /** GET /plans: active plans in display order and the caller's current plan. */
  async listPublic(userId: string | null): Promise<PlanListResponse> {
    const rows = await this.repository.list(false);
    const current = userId === null ? null : await this.repository.findForUser(userId);
    return { plans: rows.map(this.#view), current_plan_id: current?.id ?? null };
  }

  async listAll(): Promise<Plan[]> {
    return (await this.repository.list(true)).map(this.#view);
  }

  async create(input: CreateInput): Promise<Plan> {
    if (input.price === 0)
      throw invalid('body.price: a paid plan costs more than 0 (the free plan already exists).');
    await this.#checkModels(input.allowed_models);
    const now = new Date().toISOString();
    const id = randomUUID();
    const row: PlanRow = {
      id,
      name: input.name,
      description: input.description,
      price_minor: input.price,
      currency: input.currency,
      interval: input.interval,
      daily_message_limit: input.daily_message_limit,
      daily_limit_from_settings: 0,
      allowed_providers: jsonList(input.allowed_providers),
      allowed_models: jsonList(input.allowed_models),
      compare_panels: input.compare_panels,
      api_access: input.api_access ? 1 : 0,
      api_key_limit: input.api_key_limit,
      features: JSON.stringify(input.features),
      is_free: 0,
      display_order: await this.repository.nextDisplayOrder(),
      archived_at: null,
      stripe_product_id: null,
      stripe_price_id: null,
      created_at: now,
      updated_at: now,
    };
    // Stripe first: a plan it refused or could not hear about is not saved at all.
    const ids = this.deps.sync ? await this.deps.sync.sync(row, null) : {};
    await this.repository.insert({ ...row, ...ids });
    this.rulesCache.clear();
    return this.#view(await this.#row(id));
  }

  /**
   * The example plans, on an install with no active paid plan (a fresh one offers nothing on
   * /pricing until an admin makes a plan). Refused once any active paid plan exists, so a
   * second click cannot double them.
   */
  async createExamples(): Promise<Plan[]> {
    const active = await this.repository.list(false);
    if (active.some((row) => row.is_free === 0))
      throw new AppError(
        'conflict',
        'Paid plans exist already: edit them, or archive them before creating the examples.',
      );
    for (const example of EXAMPLE_PLANS) await this.create(CreatePlanRequest.parse(example));
    return this.listAll();
  }

  async update(id: string, input: UpdateInput): Promise<Plan> {
    const row = await this.#row(id);
    const isFree = row.is_free === 1;
    if (isFree && input.archived === true)
      throw invalid(
        'body.archived: the free plan cannot be archived; every account falls back to it.',
      );
    if (isFree && input.price !== undefined && input.price !== 0)
      throw invalid('body.price: the free plan stays free (0).');
    if (!isFree && input.price === 0)
      throw invalid('body.price: a paid plan costs more than 0 (the free plan already exists).');
    if (input.allowed_models !== undefined) await this.#checkModels(input.allowed_models);
    const changes: Updateable<PlansTable> = { updated_at: new Date().toISOString() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.price !== undefined) changes.price_minor = input.price;
    if (input.currency !== undefined) changes.currency = input.currency;
    if (input.interval !== undefined) changes.interval = input.interval;
    if (input.daily_message_limit !== undefined) {
      changes.daily_message_limit = input.daily_message_limit;
      changes.daily_limit_from_settings = 0;
    }
    if (input.allowed_providers !== undefined)
      changes.allowed_providers = jsonList(input.allowed_providers);
    if (input.allowed_models !== undefined) changes.allowed_models = jsonList(input.allowed_models);
    if (input.compare_panels !== undefined) changes.compare_panels = input.compare_panels;
    if (input.api_access !== undefined) changes.api_access = input.api_access ? 1 : 0;
    if (input.api_key_limit !== undefined) changes.api_key_limit = input.api_key_limit;
    if (input.features !== undefined) changes.features = JSON.stringify(input.features);
    if (input.archived !== undefined)
      changes.archived_at = input.archived ? (row.archived_at ?? changes.updated_at) : null;
    if (this.deps.sync) {
      const next = { ...row, ...changes } as PlanRow;
      Object.assign(changes, await this.deps.sync.sync(next, row));
    }
    await this.repository.update(id, changes);
    this.rulesCache.clear();
    return this.#view(await this.#row(id));
  }

  /** `ids` is every plan (archived ones too) exactly once, in the new order. */
  async reorder(ids: readonly string[]): Promise<Plan[]> {
    const all = await this.repository.list(true);
    const known = new Set(all.map((p) => p.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id)))
      throw invalid('body.plan_ids: list every plan exactly once.');
    await this.repository.setOrder(ids, new Date().toISOString());
    this.rulesCache.clear();
    return this.listAll();
  }

  /**
   * The free plan's rules: visitors' (except their daily allowance) and the fallback. Every
   * visitor's send reads them, so they are kept as rulesForPlanId keeps a plan's.
   */
  freeRules(): Promise<PlanRules> {
    return this.rulesForPlanId(null);
  }

  /**
   * The rules of the plan with this id (null or unknown: the free plan's), for callers that
   * already read the user's plan id (the public API reads it with the key, on every call). Kept
   * per process for up to 5 s: an edit here is seen at once, an edit made by another process
   * within 5 s, as model changes are.
   */
  async rulesForPlanId(planId: string | null): Promise<PlanRules> {
    const id = planId ?? FREE_PLAN_ID;
    const now = Date.now();
    const cached = this.rulesCache.get(id);
    if (cached && cached.until > now) return cached.rules;
    const row = id === FREE_PLAN_ID ? await this.#row(id) : await this.repository.find(id);
    const rules = row ? toRules(row, this.deps.freeDailySetting) : await this.freeRules();
    this.rulesCache.set(id, { rules, until: now + PLAN_RULES_FRESH_MS });
    return rules;
  }

  /** A user's current plan: the one subscriptions set, else the free plan. */
  async rulesForUser(userId: string): Promise<PlanRules> {
    const row = await this.repository.findRulesForUser(userId);
    return row ? toRules(row, this.deps.freeDailySetting) : this.freeRules();
  }

  async #row(id: string): Promise<PlanRow> {
    const row = await this.repository.find(id);
    if (!row) throw new AppError('not_found', PLAN_NOT_FOUND);
    return row;
  }

  async #checkModels(models: readonly string[] | null): Promise<void> {
    if (models === null) return;
    const known = new Set(await this.deps.knownModelIds());
    const unknown = models.filter((m) => !known.has(m));
    if (unknown.length > 0)
      throw invalid(`body.allowed_models: unknown model ${unknown.slice(0, 3).join(', ')}.`);
  }
}
