import {
  TOOL_LIMITS,
  WebSearchProvider,
  type AdminToolSettings,
  type Plan,
  type UpdateToolSettingsRequest,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { SecretBox } from '../../infra/secret-box';
import { BaseUrlRefused, checkProviderBaseUrl, type Resolve } from '../../providers/base-url-guard';
import type { ToolLoopSettings } from './turn-tool';
import {
  TOOL_SETTINGS_ID,
  type ToolPlanAccessRow,
  type ToolSettingsRepository,
  type ToolSettingsRow,
} from './tool-settings.repository';
import { WEB_SEARCH_PROVIDER_NAMES, type WebSearchConfig } from './web-search/web-search-client';

/**
 * How long a process reuses the settings it read. A change is also announced on the bus, so
 * this bounds only a missed announcement: every process sees a change within this time.
 */
export const TOOL_SETTINGS_TTL_MS = 4_000;

/** The sealed key's associated data: a value copied from another secret's row fails to open. */
const KEY_CONTEXT = 'tools.web_search.api_key';

export interface PlanToolAccess {
  webSearch: boolean;
  readPage: boolean;
}

/** A plan no admin has set may use both tools (they still need the chat's toggle). */
const DEFAULT_ACCESS: PlanToolAccess = { webSearch: true, readPage: true };

export interface EffectiveToolSettings {
  /** Null: web search is off or cannot run as configured (`problem` says why). */
  webSearch: WebSearchConfig | null;
  problem: string | null;
  loop: ToolLoopSettings;
  access: ReadonlyMap<string, PlanToolAccess>;
  row: ToolSettingsRow | undefined;
}

export interface ToolSettingsOptions {
  box: SecretBox;
  /** ALLOW_PRIVATE_PROVIDER_URLS: the search provider's URL is admin-set like a provider's. */
  allowPrivateUrls: boolean;
  resolve?: Resolve | undefined;
  /** Every plan, for the admin's table and to refuse an unknown plan id. */
  plans: () => Promise<Plan[]>;
}

function defaultRow(now: string): ToolSettingsRow {
  return {
    id: TOOL_SETTINGS_ID,
    web_search_provider: null,
    web_search_base_url: null,
    web_search_api_key_sealed: null,
    web_search_api_key_last4: null,
    max_steps: TOOL_LIMITS.stepsDefault,
    tool_timeout_seconds: TOOL_LIMITS.toolTimeoutDefaultSeconds,
    updated_by: null,
    updated_at: now,
  };
}

/**
 * AI management → Tools: the web search provider (its key sealed like provider keys, never
 * returned), the step loop's bounds and the tools each plan may use.
 */
export class ToolSettingsService {
  #cache: { value: EffectiveToolSettings; until: number } | undefined;

  constructor(
    private readonly repository: ToolSettingsRepository,
    private readonly options: ToolSettingsOptions,
  ) {}

  async current(): Promise<EffectiveToolSettings> {
    const cached = this.#cache;
    if (cached && cached.until > Date.now()) return cached.value;
    const [row, access] = await Promise.all([this.repository.read(), this.repository.planAccess()]);
    const value = this.#effective(row, access);
    this.#cache = { value, until: Date.now() + TOOL_SETTINGS_TTL_MS };
    return value;
  }

  invalidate(): void {
    this.#cache = undefined;
  }

  /** What a plan's users may use (visitors: the free plan's). */
  async accessFor(planId: string): Promise<PlanToolAccess> {
    return (await this.current()).access.get(planId) ?? DEFAULT_ACCESS;
  }

  async describe(): Promise<AdminToolSettings> {
    this.invalidate();
    const [effective, plans] = await Promise.all([this.current(), this.options.plans()]);
    const row = effective.row ?? defaultRow(new Date().toISOString());
    const provider = WebSearchProvider.safeParse(row.web_search_provider);
    return {
      web_search_provider: provider.success ? provider.data : null,
      web_search_base_url: row.web_search_base_url,
      web_search_api_key_set: row.web_search_api_key_sealed !== null,
      web_search_api_key_last4: row.web_search_api_key_last4,
      web_search_ready: effective.webSearch !== null,
      web_search_problem: effective.problem,
      max_steps: effective.loop.maxSteps,
      tool_timeout_seconds: Math.round(effective.loop.toolTimeoutMs / 1000),
      plans: plans.map((plan) => {
        const access = effective.access.get(plan.id) ?? DEFAULT_ACCESS;
        return {
          plan_id: plan.id,
          plan_name: plan.name,
          archived: plan.archived,
          web_search: access.webSearch,
          read_page: access.readPage,
        };
      }),
      updated_at: effective.row?.updated_at ?? null,
    };
  }

  /** Checks every field first, then writes all of it in one transaction. */
  async update(input: UpdateToolSettingsRequest, actorId: string): Promise<AdminToolSettings> {
    const baseUrl =
      typeof input.web_search_base_url === 'string'
        ? await this.#checkUrl(input.web_search_base_url)
        : input.web_search_base_url;
    const planIds = new Set((await this.options.plans()).map((plan) => plan.id));
    const unknown = (input.plans ?? []).findIndex((plan) => !planIds.has(plan.plan_id));
    if (unknown !== -1)
      throw new AppError('validation_error', `plans[${unknown}].plan_id: no such plan`);

    const now = new Date().toISOString();
    const existing = (await this.repository.read()) ?? defaultRow(now);
    const next: ToolSettingsRow = { ...existing, updated_by: actorId, updated_at: now };
    if (
      input.web_search_provider !== undefined &&
      input.web_search_provider !== existing.web_search_provider
    ) {
      // Another provider's key or address is no use to this one.
      next.web_search_provider = input.web_search_provider;
      next.web_search_base_url = null;
      next.web_search_api_key_sealed = null;
      next.web_search_api_key_last4 = null;
    }
    if (baseUrl !== undefined) next.web_search_base_url = baseUrl;
    if (input.web_search_api_key !== undefined) {
      next.web_search_api_key_sealed = this.options.box.seal(input.web_search_api_key, KEY_CONTEXT);
      next.web_search_api_key_last4 = input.web_search_api_key.slice(-4);
    }
    if (input.clear_web_search_api_key) {
      next.web_search_api_key_sealed = null;
      next.web_search_api_key_last4 = null;
    }
    if (input.max_steps !== undefined) next.max_steps = input.max_steps;
    if (input.tool_timeout_seconds !== undefined)
      next.tool_timeout_seconds = input.tool_timeout_seconds;
    const plans: ToolPlanAccessRow[] = (input.plans ?? []).map((plan) => ({
      plan_id: plan.plan_id,
      web_search: plan.web_search ? 1 : 0,
      read_page: plan.read_page ? 1 : 0,
      updated_at: now,
    }));
    await this.repository.save(next, plans);
    this.invalidate();
    return this.describe();
  }

  async #checkUrl(raw: string): Promise<string> {
    try {
      return await checkProviderBaseUrl(
        raw,
        this.options.allowPrivateUrls,
        this.options.resolve,
        'web_search_base_url',
      );
    } catch (error) {
      if (error instanceof BaseUrlRefused) throw new AppError('validation_error', error.message);
      throw error;
    }
  }

  #effective(
    row: ToolSettingsRow | undefined,
    accessRows: readonly ToolPlanAccessRow[],
  ): EffectiveToolSettings {
    const access = new Map(
      accessRows.map((r) => [
        r.plan_id,
        { webSearch: r.web_search === 1, readPage: r.read_page === 1 },
      ]),
    );
    const loop: ToolLoopSettings = {
      maxSteps: Number(row?.max_steps ?? TOOL_LIMITS.stepsDefault),
      toolTimeoutMs:
        Number(row?.tool_timeout_seconds ?? TOOL_LIMITS.toolTimeoutDefaultSeconds) * 1000,
    };
    const { webSearch, problem } = this.#webSearchOf(row);
    return { webSearch, problem, loop, access, row };
  }

  #webSearchOf(row: ToolSettingsRow | undefined): {
    webSearch: WebSearchConfig | null;
    problem: string | null;
  } {
    const provider = WebSearchProvider.safeParse(row?.web_search_provider);
    if (row === undefined || !provider.success) return { webSearch: null, problem: null };
    const name = WEB_SEARCH_PROVIDER_NAMES[provider.data];
    let apiKey: string | null = null;
    if (row.web_search_api_key_sealed !== null) {
      apiKey = this.options.box.open(row.web_search_api_key_sealed, KEY_CONTEXT) ?? null;
      if (apiKey === null)
        return {
          webSearch: null,
          problem: `web_search_api_key: the saved ${name} key cannot be opened (the settings key changed); enter it again`,
        };
    }
    if (provider.data === 'searxng' && row.web_search_base_url === null)
      return {
        webSearch: null,
        problem: 'web_search_base_url: SearXNG needs the address of your instance',
      };
    if (provider.data !== 'searxng' && apiKey === null)
      return { webSearch: null, problem: `web_search_api_key: ${name} needs an API key` };
    return {
      webSearch: { provider: provider.data, baseUrl: row.web_search_base_url, apiKey },
      problem: null,
    };
  }
}
