import { PROVIDERS, type ModelInfo, type Provider } from '@parallax/contract';
import { supportedParameters } from '../../providers/parameter-support';
import { AppError } from '../../infra/errors';
import type {
  ChatCompletion,
  ChatRequest,
  ChatStreamEvent,
  ProviderAdapter,
} from '../../providers/chat-types';
import type { DemoUpstream } from '../../providers/demo-upstream';
import type { OutboundClient } from '../../infra/outbound/outbound-client';
import {
  createDemoAdapter,
  createProviderAdapter,
  type ProviderOutbound,
} from '../../providers/provider-registry';
import type { StreamTimeouts } from '../../providers/stream-chat';
import { effectiveReadiness, type EffectiveProviders } from './effective-providers';
import { withHealthReports } from './health-reporting-adapter';
import type { ModelRow, ModelsRepository } from './models.repository';
import {
  healthOf,
  type HealthSnapshot,
  type ProviderHealthService,
} from './provider-health.service';

/** Where the provider settings in effect come from (env merged with the admin console's). */
export interface ProvidersSource {
  current(): Promise<EffectiveProviders>;
  invalidate(): void;
}

function isProvider(value: string): value is Provider {
  return (PROVIDERS as readonly string[]).includes(value);
}

/** What a generation needs to know about its model (context building, pricing, labels). */
export interface ResolvedModel {
  info: ModelInfo;
  adapter: ProviderAdapter;
}

export type ModelChatRequest = Omit<ChatRequest, 'model'>;

/** Whether the mock API flag is on now: every model answers from the offline demo model. */
export type MockApiSwitch = () => Promise<boolean>;

/**
 * How long a looked-up model row (and the mock API switch) is reused: every send resolves its
 * model, and the registry changes rarely (a migration, an admin's edit), so a change may take this long to be seen.
 */
export const MODEL_ROW_TTL_MS = 5_000;

/**
 * The model registry joined with the env: which models exist (database), which can answer
 * now (provider configured), and the adapter that answers for each.
 */
export class ModelsService {
  readonly #adapters = new Map<Provider, ProviderAdapter | undefined>();
  readonly #demoAdapter: ProviderAdapter;
  readonly #rows = new Map<string, { row: ModelRow | undefined; until: number }>();
  /** The mock API switch as last read: every send consults it, so it is kept like a row. */
  #mock: { on: Promise<boolean>; until: number } | undefined;
  /** The settings the cached adapters were built from; new settings mean new adapters. */
  #adaptersFrom: EffectiveProviders | undefined;

  constructor(
    private readonly repository: ModelsRepository,
    private readonly providers: ProvidersSource,
    demo: DemoUpstream,
    private readonly mockApi: MockApiSwitch,
    private readonly outbound: OutboundClient,
    private readonly health: ProviderHealthService,
    private readonly timeouts: StreamTimeouts = {},
  ) {
    // The demo upstream is this process's own, on loopback: the operator's route.
    this.#demoAdapter = createDemoAdapter(demo, timeouts, outbound.operator);
  }

  /** Forgets cached rows and settings (after an admin's change, here or in another process). */
  invalidate(): void {
    this.#rows.clear();
    this.#mock = undefined;
    this.providers.invalidate();
    this.health.invalidate();
  }

  async list(): Promise<ModelInfo[]> {
    return (await this.catalogue()).models;
  }

  /**
   * Enabled models with the id of the one the admin made the default (null when none is). A
   * model whose provider is unreachable is listed unavailable, with why.
   */
  async catalogue(): Promise<{ models: ModelInfo[]; defaultId: string | null }> {
    const [rows, effective, mock, health] = await Promise.all([
      this.repository.listEnabled(),
      this.#current(),
      this.#mockOn(),
      this.health.current(),
    ]);
    const models = rows.flatMap((row) => {
      const info = modelInfoOf(row, effective, mock);
      return info ? [withHealth(info, health, mock)] : [];
    });
    const marked = rows.find((row) => row.is_default === 1);
    return {
      models,
      defaultId: marked && models.some((m) => m.id === marked.id) ? marked.id : null,
    };
  }

  /** Enabled models with the time each entered the registry (the public API's `created`). */
  async listWithCreation(): Promise<{ info: ModelInfo; createdAt: string }[]> {
    const [rows, effective, mock, health] = await Promise.all([
      this.repository.listEnabled(),
      this.#current(),
      this.#mockOn(),
      this.health.current(),
    ]);
    return rows.flatMap((row) => {
      const info = modelInfoOf(row, effective, mock);
      return info ? [{ info: withHealth(info, health, mock), createdAt: row.created_at }] : [];
    });
  }

  /** The registry rows of these ids, disabled ones too (names and prices of past answers). */
  rowsOf(ids: readonly string[]): Promise<ModelRow[]> {
    return this.repository.findByIds(ids);
  }

  /**
   * The model and its adapter; 404 for an unknown id, 503 when its provider is not configured.
   * With the mock API flag on, every model is answered by the offline demo model (README).
   * An unreachable provider is still called: the call may find it back (and says so), or
   * fails with the upstream's own error.
   */
  async resolve(id: string): Promise<ResolvedModel> {
    const [row, effective, mock] = await Promise.all([
      this.#enabledRow(id),
      this.#current(),
      this.#mockOn(),
    ]);
    const info = row && modelInfoOf(row, effective, mock);
    if (!row || !info) throw new AppError('not_found', `Unknown model: ${id}`);
    const adapter =
      info.is_demo || mock ? this.#demoAdapter : this.#adapterFor(info.provider, effective);
    if (!adapter || !info.available) {
      throw new AppError(
        'service_unavailable',
        `${info.friendly_name} is not available: ${info.unavailable_reason ?? ''}`.trim(),
      );
    }
    return { info, adapter };
  }

  async streamChat(id: string, request: ModelChatRequest): Promise<AsyncIterable<ChatStreamEvent>> {
    const { info, adapter } = await this.resolve(id);
    return adapter.streamChat({ ...request, model: info.model });
  }

  async completeChat(id: string, request: ModelChatRequest): Promise<ChatCompletion> {
    const { info, adapter } = await this.resolve(id);
    return adapter.completeChat({ ...request, model: info.model });
  }

  #mockOn(): Promise<boolean> {
    const now = Date.now();
    if (this.#mock && this.#mock.until > now) return this.#mock.on;
    const on = this.mockApi();
    this.#mock = { on, until: now + MODEL_ROW_TTL_MS };
    // A failed read is not kept: the next call asks again.
    on.catch(() => {
      if (this.#mock?.on === on) this.#mock = undefined;
    });
    return on;
  }

  async #enabledRow(id: string): Promise<ModelRow | undefined> {
    const cached = this.#rows.get(id);
    if (cached && cached.until > Date.now()) return cached.row;
    const row = await this.repository.findEnabled(id);
    // Only known ids are kept, so made-up ids cannot grow the map.
    if (row) this.#rows.set(id, { row, until: Date.now() + MODEL_ROW_TTL_MS });
    return row;
  }

  /** The settings in effect; adapters built from older ones are dropped. */
  async #current(): Promise<EffectiveProviders> {
    const effective = await this.providers.current();
    if (effective !== this.#adaptersFrom) {
      this.#adapters.clear();
      this.#adaptersFrom = effective;
    }
    return effective;
  }

  #adapterFor(provider: Provider, effective: EffectiveProviders): ProviderAdapter | undefined {
    if (!this.#adapters.has(provider)) {
      const adapter = createProviderAdapter(
        provider,
        effective.config,
        this.timeouts,
        this.#outboundFor(provider, effective),
      );
      this.#adapters.set(
        provider,
        adapter &&
          withHealthReports(adapter, (reported, verdict) => {
            void this.health.reportCall(reported, verdict);
          }),
      );
    }
    return this.#adapters.get(provider);
  }

  /**
   * What the admin console set goes through the guarded route; the env's own URLs (and key
   * file) are the operator's, as README's ALLOW_PRIVATE_PROVIDER_URLS row says.
   */
  #outboundFor(provider: Provider, effective: EffectiveProviders): ProviderOutbound {
    const row = effective.rows.get(provider);
    const { configured, operator } = this.outbound;
    return {
      endpoint: row?.base_url ? configured : operator,
      token: row?.vertex_credentials_sealed ? configured : operator,
    };
  }

  /**
   * An adapter for a provider from its current settings, whether or not it is switched on
   * (the console tests a connection before enabling it); undefined when settings are missing.
   */
  async adapterForTest(provider: Provider): Promise<ProviderAdapter | undefined> {
    const effective = await this.providers.current();
    return createProviderAdapter(
      provider,
      effective.config,
      this.timeouts,
      this.#outboundFor(provider, effective),
    );
  }
}

export const UNREACHABLE_PREFIX = 'Unreachable';

/**
 * The model as listed: unavailable, with why, while its provider cannot be reached (the demo
 * model, and every model under the mock API, answer from this process and always can).
 */
export function withHealth(info: ModelInfo, health: HealthSnapshot, mockApi: boolean): ModelInfo {
  if (info.is_demo || mockApi || !info.available) return info;
  const state = healthOf(health, info.provider);
  if (state.state !== 'unreachable') return info;
  return {
    ...info,
    available: false,
    unavailable_reason: `${UNREACHABLE_PREFIX}: ${state.reason ?? 'no answer'}`,
  };
}

/**
 * A model row as users see it; undefined for a provider this build does not know. Under the
 * mock API every model is available: the demo model answers for it.
 */
export function modelInfoOf(
  row: ModelRow,
  effective: EffectiveProviders,
  mockApi = false,
): ModelInfo | undefined {
  // A row naming a provider this build does not know is skipped, not a crash.
  if (!isProvider(row.provider)) return undefined;
  const isDemo = row.is_demo === 1;
  const readiness =
    isDemo || mockApi
      ? { configured: true, unavailableReason: null }
      : effectiveReadiness(row.provider, effective);
  return {
    id: row.id,
    provider: row.provider,
    model: row.model,
    friendly_name: row.friendly_name,
    available: readiness.configured,
    unavailable_reason: readiness.unavailableReason,
    context_window: row.context_window,
    input_price_per_million: Number(row.input_price_per_million),
    output_price_per_million: Number(row.output_price_per_million),
    supports_vision: row.supports_vision === 1,
    supported_parameters: supportedParameters(row.provider, row.model),
    input_kinds: row.supports_vision === 1 ? ['text', 'images', 'files'] : ['text', 'files'],
    description: row.description,
    is_demo: isDemo,
  };
}
