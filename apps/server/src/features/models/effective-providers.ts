import type { Provider } from '@parallax/contract';
import type { AppConfig } from '../../config';
import type { SecretBox } from '../../infra/secret-box';
import { providerReadiness, type ProviderReadiness } from '../../providers/provider-registry';
import type { ProviderSettingsRow } from './provider-settings.repository';

type ProvidersConfig = AppConfig['providers'];

/** The providers config in effect: the env, overridden by what an admin set in the console. */
export interface EffectiveProviders {
  config: ProvidersConfig;
  /** Providers an admin switched off: their models are listed as unavailable. */
  disabled: ReadonlySet<Provider>;
  /** Per provider, the row the values came from (absent: env only). */
  rows: ReadonlyMap<Provider, ProviderSettingsRow>;
}

/** The sealed key's associated data: a key copied into another provider's row does not open. */
export function keyContext(provider: Provider): string {
  return `provider-api-key:${provider}`;
}

/** The sealed Vertex service-account key's associated data. */
export const VERTEX_CREDENTIALS_CONTEXT = 'provider-vertex-credentials:google';

function openKey(box: SecretBox, row: ProviderSettingsRow | undefined): string | undefined {
  if (!row?.api_key_sealed) return undefined;
  return box.open(row.api_key_sealed, keyContext(row.provider as Provider));
}

export function mergeProviders(
  env: ProvidersConfig,
  rows: readonly ProviderSettingsRow[],
  box: SecretBox,
): EffectiveProviders {
  const byProvider = new Map(rows.map((row) => [row.provider as Provider, row]));
  const endpoint = (
    provider: Provider,
    base: { apiKey: string | undefined; baseUrl: string | undefined },
  ) => {
    const row = byProvider.get(provider);
    return {
      apiKey: openKey(box, row) ?? base.apiKey,
      baseUrl: row?.base_url ?? base.baseUrl,
    };
  };
  const google = byProvider.get('google');
  const config: ProvidersConfig = {
    openai: endpoint('openai', env.openai),
    anthropic: endpoint('anthropic', env.anthropic),
    gemini: endpoint('gemini', env.gemini),
    xai: endpoint('grok', env.xai),
    googleVertex: {
      project: google?.vertex_project ?? env.googleVertex.project,
      location: google?.vertex_location ?? env.googleVertex.location,
      credentialsFile: env.googleVertex.credentialsFile,
      credentialsJson: google?.vertex_credentials_sealed
        ? box.open(google.vertex_credentials_sealed, VERTEX_CREDENTIALS_CONTEXT)
        : env.googleVertex.credentialsJson,
      baseUrl: google?.base_url ?? env.googleVertex.baseUrl,
    },
  };
  const disabled = new Set(
    rows.filter((row) => row.enabled === 0).map((row) => row.provider as Provider),
  );
  return { config, disabled, rows: byProvider };
}

/** The env's endpoint of a provider (for showing where a value comes from). */
export function envEndpoint(
  env: ProvidersConfig,
  provider: Provider,
): { apiKey: string | undefined; baseUrl: string | undefined } {
  switch (provider) {
    case 'openai':
      return env.openai;
    case 'anthropic':
      return env.anthropic;
    case 'gemini':
      return env.gemini;
    case 'grok':
      return env.xai;
    case 'google':
      return { apiKey: env.googleVertex.credentialsFile, baseUrl: env.googleVertex.baseUrl };
  }
}

export const DISABLED_BY_ADMIN = 'Disabled by an administrator';

/** Whether a provider can answer with the effective settings, and if not why. */
export function effectiveReadiness(
  provider: Provider,
  effective: EffectiveProviders,
): ProviderReadiness {
  if (effective.disabled.has(provider))
    return { configured: false, unavailableReason: DISABLED_BY_ADMIN };
  return providerReadiness(provider, effective.config);
}
