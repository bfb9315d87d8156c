import {
  PROVIDERS,
  type Provider,
  type ProviderSettings,
  type UpdateProviderSettingsRequest,
} from '@parallax/contract';
import type { AppConfig } from '../../config';
import { AppError } from '../../infra/errors';
import type { SecretBox } from '../../infra/secret-box';
import { BaseUrlRefused, checkProviderBaseUrl, type Resolve } from '../../providers/base-url-guard';
import {
  effectiveReadiness,
  envEndpoint,
  keyContext,
  mergeProviders,
  VERTEX_CREDENTIALS_CONTEXT,
  type EffectiveProviders,
} from './effective-providers';
import { healthOf, type HealthSnapshot } from './provider-health.service';
import type {
  ProviderSettingsRepository,
  ProviderSettingsRow,
} from './provider-settings.repository';

/**
 * How long a process reuses the settings it read. Changes are also announced on the bus, so
 * this bounds only a missed announcement (Redis briefly away): every process sees a change
 * within this time.
 */
export const PROVIDER_SETTINGS_TTL_MS = 4_000;

export interface ProviderSettingsOptions {
  env: AppConfig['providers'];
  box: SecretBox;
  allowPrivateUrls: boolean;
  /** DNS lookup for the SSRF check (tests pass a fake resolver). */
  resolve?: Resolve;
  /** Whether each provider's upstream answers (provider-health.service.ts). */
  health: () => Promise<HealthSnapshot>;
}

/**
 * Provider settings set in the admin console (enabled, API key, base URL, Vertex project and
 * location) over the env's. Keys are sealed with AES-256-GCM under the settings key (outside
 * the database) and never leave this class except towards the provider adapters.
 */
export class ProviderSettingsService {
  #cache: { value: EffectiveProviders; until: number } | undefined;

  constructor(
    private readonly repository: ProviderSettingsRepository,
    private readonly options: ProviderSettingsOptions,
  ) {}

  async current(): Promise<EffectiveProviders> {
    const cached = this.#cache;
    if (cached && cached.until > Date.now()) return cached.value;
    const value = mergeProviders(
      this.options.env,
      await this.repository.listAll(),
      this.options.box,
    );
    this.#cache = { value, until: Date.now() + PROVIDER_SETTINGS_TTL_MS };
    return value;
  }

  invalidate(): void {
    this.#cache = undefined;
  }

  async describeAll(): Promise<ProviderSettings[]> {
    const [effective, health] = await Promise.all([this.current(), this.options.health()]);
    return PROVIDERS.map((provider) => this.#describe(provider, effective, health));
  }

  async describe(provider: Provider): Promise<ProviderSettings> {
    const [effective, health] = await Promise.all([this.current(), this.options.health()]);
    return this.#describe(provider, effective, health);
  }

  /**
   * Validates every field first, then writes the provider's whole row in one statement:
   * a refused field leaves the stored settings as they were.
   */
  async update(
    provider: Provider,
    input: UpdateProviderSettingsRequest,
    actorId: string,
  ): Promise<ProviderSettings> {
    if (provider === 'google' && input.api_key !== undefined)
      throw new AppError(
        'validation_error',
        'api_key: Vertex AI signs in with a service account (vertex_credentials or GOOGLE_APPLICATION_CREDENTIALS), not an API key.',
      );
    if (provider !== 'google') {
      const vertexField = (
        ['vertex_project', 'vertex_location', 'vertex_credentials'] as const
      ).find((field) => input[field] !== undefined);
      if (vertexField)
        throw new AppError('validation_error', `${vertexField}: only for the google provider.`);
    }
    const baseUrl =
      typeof input.base_url === 'string'
        ? await this.#checkUrl(input.base_url, 'base_url')
        : input.base_url;
    // The key's token_uri receives a signed assertion on every exchange: the same rules.
    const tokenUri =
      typeof input.vertex_credentials === 'string'
        ? serviceAccountTokenUri(input.vertex_credentials)
        : undefined;
    if (tokenUri !== undefined) await this.#checkUrl(tokenUri, 'vertex_credentials.token_uri');

    const rows = await this.repository.listAll();
    const now = new Date().toISOString();
    const existing: ProviderSettingsRow = rows.find((row) => row.provider === provider) ?? {
      provider,
      enabled: 1,
      api_key_sealed: null,
      api_key_last4: null,
      base_url: null,
      vertex_project: null,
      vertex_location: null,
      vertex_credentials_sealed: null,
      vertex_credentials_email: null,
      updated_by: null,
      created_at: now,
      updated_at: now,
    };
    const next: ProviderSettingsRow = { ...existing, updated_by: actorId, updated_at: now };
    if (input.enabled !== undefined) next.enabled = input.enabled ? 1 : 0;
    if (input.api_key !== undefined) {
      next.api_key_sealed = this.options.box.seal(input.api_key, keyContext(provider));
      next.api_key_last4 = input.api_key.slice(-4);
    }
    if (input.clear_api_key) {
      next.api_key_sealed = null;
      next.api_key_last4 = null;
    }
    if (baseUrl !== undefined) next.base_url = baseUrl;
    if (input.vertex_project !== undefined) next.vertex_project = input.vertex_project;
    if (input.vertex_location !== undefined) next.vertex_location = input.vertex_location;
    if (input.vertex_credentials === null) {
      next.vertex_credentials_sealed = null;
      next.vertex_credentials_email = null;
    } else if (input.vertex_credentials !== undefined) {
      next.vertex_credentials_sealed = this.options.box.seal(
        input.vertex_credentials,
        VERTEX_CREDENTIALS_CONTEXT,
      );
      next.vertex_credentials_email = serviceAccountEmail(input.vertex_credentials);
    }
    await this.repository.save(next);
    this.invalidate();
    return this.describe(provider);
  }

  async #checkUrl(raw: string, field: string): Promise<string> {
    try {
      return await checkProviderBaseUrl(
        raw,
        this.options.allowPrivateUrls,
        this.options.resolve,
        field,
      );
    } catch (error) {
      if (error instanceof BaseUrlRefused) throw new AppError('validation_error', error.message);
      throw error;
    }
  }

  #describe(
    provider: Provider,
    effective: EffectiveProviders,
    health: HealthSnapshot,
  ): ProviderSettings {
    const row = effective.rows.get(provider);
    const env = envEndpoint(this.options.env, provider);
    const readiness = effectiveReadiness(provider, effective);
    const adminKey = row?.api_key_sealed ? row : undefined;
    const isGoogle = provider === 'google';
    const vertex = effective.config.googleVertex;
    const adminCredentials = isGoogle && !!row?.vertex_credentials_sealed;
    return {
      provider,
      enabled: row ? row.enabled === 1 : true,
      api_key_set: adminKey !== undefined || env.apiKey !== undefined,
      api_key_last4: adminKey
        ? adminKey.api_key_last4
        : env.apiKey !== undefined && !isGoogle
          ? env.apiKey.slice(-4)
          : null,
      api_key_source: adminKey ? 'admin' : env.apiKey !== undefined ? 'env' : 'none',
      base_url: row?.base_url ?? env.baseUrl ?? null,
      base_url_source: row?.base_url ? 'admin' : env.baseUrl ? 'env' : 'none',
      vertex_project: isGoogle ? (vertex.project ?? null) : null,
      vertex_location: isGoogle ? (vertex.location ?? null) : null,
      vertex_credentials_set: isGoogle && (adminCredentials || env.apiKey !== undefined),
      vertex_credentials_source: !isGoogle
        ? 'none'
        : adminCredentials
          ? 'admin'
          : env.apiKey !== undefined
            ? 'env'
            : 'none',
      vertex_credentials_email: adminCredentials ? row.vertex_credentials_email : null,
      configured: readiness.configured,
      unavailable_reason: readiness.unavailableReason,
      health: healthOf(health, provider),
      updated_at: row?.updated_at ?? null,
    };
  }
}

/** The client_email of a key the contract already checked (its hint in the console). */
function serviceAccountEmail(json: string): string {
  const key = JSON.parse(json) as { client_email: string };
  return key.client_email;
}

/** The token_uri of a key the contract already checked, when it names one. */
function serviceAccountTokenUri(json: string): string | undefined {
  const key = JSON.parse(json) as { token_uri?: unknown };
  return typeof key.token_uri === 'string' ? key.token_uri : undefined;
}
