import {
  type AdminModel,
  type CreateModelRequest,
  type Provider,
  type ProviderHealth,
  type ProviderTestResponse,
  type UpdateModelRequest,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { EffectiveProviders } from './effective-providers';
import type {
  ModelChanges,
  ModelRow,
  ModelsRepository,
  ModelWriteRefusal,
} from './models.repository';
import { modelInfoOf, withHealth } from './models.service';
import type { ProviderHealthProbe } from './provider-health.probe';
import {
  healthOf,
  type HealthSnapshot,
  type ProviderHealthService,
} from './provider-health.service';
import type { ProvidersSource } from './models.service';

const LAST_ENABLED = 'enabled: at least one model must stay enabled.';

function refusal(result: ModelRow | ModelWriteRefusal, id: string): ModelRow {
  if (result === 'not_found') throw new AppError('not_found', `Unknown model: ${id}`);
  if (result === 'last_enabled') throw new AppError('conflict', LAST_ENABLED);
  if (result === 'duplicate')
    throw new AppError('conflict', `id: a model with id ${id} already exists.`);
  return result;
}

/** The admin console's view of the model registry: every model, and edits to it. */
export class ModelsAdminService {
  constructor(
    private readonly repository: ModelsRepository,
    private readonly providers: ProvidersSource,
    private readonly health: ProviderHealthService,
    private readonly probe: ProviderHealthProbe,
  ) {}

  /** The console's test is a probe too: what it finds is the provider's health. */
  async testConnection(provider: Provider): Promise<ProviderTestResponse> {
    return (await this.probe.probe(provider)).response;
  }

  /** "Check now": probes the provider and answers its health. */
  checkHealth(provider: Provider): Promise<ProviderHealth> {
    return this.probe.checkNow(provider);
  }

  /** Called after the provider's settings changed: its old health no longer applies. */
  forgetHealth(provider: Provider): Promise<void> {
    return this.health.forget(provider);
  }

  async list(): Promise<AdminModel[]> {
    const [rows, effective, health] = await Promise.all([
      this.repository.listAll(),
      this.providers.current(),
      this.health.current(),
    ]);
    return rows.flatMap((row) => this.#toAdmin(row, effective, health) ?? []);
  }

  async get(id: string): Promise<AdminModel> {
    const row = await this.repository.findById(id);
    const model =
      row && this.#toAdmin(row, await this.providers.current(), await this.health.current());
    if (!model) throw new AppError('not_found', `Unknown model: ${id}`);
    return model;
  }

  async create(input: CreateModelRequest): Promise<AdminModel> {
    const now = new Date().toISOString();
    const row = refusal(
      await this.repository.insert({
        id: input.id,
        provider: input.provider,
        model: input.model,
        friendly_name: input.friendly_name,
        context_window: input.context_window,
        input_price_per_million: input.input_price_per_million,
        output_price_per_million: input.output_price_per_million,
        supports_vision: input.supports_vision ? 1 : 0,
        is_demo: 0,
        enabled: input.enabled ? 1 : 0,
        is_default: 0,
        created_at: now,
        updated_at: now,
      }),
      input.id,
    );
    return this.#toAdminOrThrow(row);
  }

  async update(id: string, input: UpdateModelRequest): Promise<AdminModel> {
    if (input.is_default && input.enabled === false)
      throw new AppError('validation_error', 'is_default: a disabled model cannot be the default.');
    const changes: ModelChanges = { updated_at: new Date().toISOString() };
    if (input.provider !== undefined) changes.provider = input.provider;
    if (input.model !== undefined) changes.model = input.model;
    if (input.friendly_name !== undefined) changes.friendly_name = input.friendly_name;
    if (input.context_window !== undefined) changes.context_window = input.context_window;
    if (input.input_price_per_million !== undefined)
      changes.input_price_per_million = input.input_price_per_million;
    if (input.output_price_per_million !== undefined)
      changes.output_price_per_million = input.output_price_per_million;
    if (input.supports_vision !== undefined)
      changes.supports_vision = input.supports_vision ? 1 : 0;
    if (input.enabled !== undefined) changes.enabled = input.enabled ? 1 : 0;
    // A disabled model stops being the default: the picker never starts on one it cannot use.
    if (input.enabled === false) changes.is_default = 0;
    if (input.is_default) {
      const current = await this.repository.findById(id);
      if (current && current.enabled === 0 && input.enabled !== true)
        throw new AppError(
          'validation_error',
          'is_default: a disabled model cannot be the default.',
        );
      changes.is_default = 1;
    }
    return this.#toAdminOrThrow(refusal(await this.repository.update(id, changes), id));
  }

  async #toAdminOrThrow(row: ModelRow): Promise<AdminModel> {
    const model = this.#toAdmin(row, await this.providers.current(), await this.health.current());
    if (!model) throw new AppError('not_found', `Unknown model: ${row.id}`);
    return model;
  }

  #toAdmin(
    row: ModelRow,
    effective: EffectiveProviders,
    health: HealthSnapshot,
  ): AdminModel | undefined {
    const info = modelInfoOf(row, effective);
    if (!info) return undefined;
    return {
      ...withHealth(info, health, false),
      health: healthOf(health, info.provider),
      enabled: row.enabled === 1,
      is_default: row.is_default === 1,
      sort_order: row.sort_order,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}
