import { PROVIDERS, type ModelInfo, type Provider } from '@parallax/contract';
import type { AppConfig } from '../../config';
import { AppError } from '../../infra/errors';
import type {
  ChatCompletion,
  ChatRequest,
  ChatStreamEvent,
  ProviderAdapter,
} from '../../providers/chat-types';
import type { DemoUpstream } from '../../providers/demo-upstream';
import {
  createDemoAdapter,
  createProviderAdapter,
  providerReadiness,
} from '../../providers/provider-registry';
import type { StreamTimeouts } from '../../providers/stream-chat';
import type { ModelRow, ModelsRepository } from './models.repository';

function isProvider(value: string): value is Provider {
  return (PROVIDERS as readonly string[]).includes(value);
}

/** What a generation needs to know about its model (context building, pricing, labels). */
export interface ResolvedModel {
  info: ModelInfo;
  adapter: ProviderAdapter;
}

export type ModelChatRequest = Omit<ChatRequest, 'model'>;

/**
 * How long a looked-up model row is reused: every send resolves its model, and the registry
 * changes rarely (a migration, an admin's edit), so a change may take this long to be seen.
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

  constructor(
    private readonly repository: ModelsRepository,
    private readonly providers: AppConfig['providers'],
    demo: DemoUpstream,
    private readonly timeouts: StreamTimeouts = {},
  ) {
    this.#demoAdapter = createDemoAdapter(demo, timeouts);
  }

  async list(): Promise<ModelInfo[]> {
    const rows = await this.repository.listEnabled();
    return rows.flatMap((row) => {
      const info = this.#toInfo(row);
      return info ? [info] : [];
    });
  }

  /** Enabled models with the time each entered the registry (the public API's `created`). */
  async listWithCreation(): Promise<{ info: ModelInfo; createdAt: string }[]> {
    const rows = await this.repository.listEnabled();
    return rows.flatMap((row) => {
      const info = this.#toInfo(row);
      return info ? [{ info, createdAt: row.created_at }] : [];
    });
  }

  /** The model and its adapter; 404 for an unknown id, 503 when its provider is not configured. */
  async resolve(id: string): Promise<ResolvedModel> {
    const row = await this.#enabledRow(id);
    const info = row && this.#toInfo(row);
    if (!row || !info) throw new AppError('not_found', `Unknown model: ${id}`);
    const adapter = info.is_demo ? this.#demoAdapter : this.#adapterFor(info.provider);
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

  async #enabledRow(id: string): Promise<ModelRow | undefined> {
    const cached = this.#rows.get(id);
    if (cached && cached.until > Date.now()) return cached.row;
    const row = await this.repository.findEnabled(id);
    // Only known ids are kept, so made-up ids cannot grow the map.
    if (row) this.#rows.set(id, { row, until: Date.now() + MODEL_ROW_TTL_MS });
    return row;
  }

  #adapterFor(provider: Provider): ProviderAdapter | undefined {
    if (!this.#adapters.has(provider))
      this.#adapters.set(provider, createProviderAdapter(provider, this.providers, this.timeouts));
    return this.#adapters.get(provider);
  }

  #toInfo(row: ModelRow): ModelInfo | undefined {
    // A row naming a provider this build does not know is skipped, not a crash.
    if (!isProvider(row.provider)) return undefined;
    const isDemo = row.is_demo === 1;
    const readiness = isDemo
      ? { configured: true, unavailableReason: null }
      : providerReadiness(row.provider, this.providers);
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
      is_demo: isDemo,
    };
  }
}
