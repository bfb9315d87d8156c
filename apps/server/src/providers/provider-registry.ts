import type { Provider } from '@parallax/contract';
import type { AppConfig } from '../config';
import type { OutboundRoute } from '../infra/outbound/outbound-client';
import type { ProviderAdapter } from './chat-types';
import { DEMO_API_KEY, type DemoUpstream } from './demo-upstream';
import { createAdapter, type StreamTimeouts } from './stream-chat';
import { anthropicWire } from './streaming/anthropic-stream';
import { geminiWire, vertexWire } from './streaming/gemini-stream';
import { openAiWire } from './streaming/openai-stream';
import { createVertexAccessToken } from './vertex-credentials';

type ProvidersConfig = AppConfig['providers'];

// The official SDKs' default endpoints.
const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const XAI_BASE_URL = 'https://api.x.ai/v1';

export type ProviderReadiness =
  { configured: true; unavailableReason: null } | { configured: false; unavailableReason: string };

function missing(names: readonly string[]): ProviderReadiness {
  const list =
    names.length === 1
      ? `${names[0]} is`
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`;
  return { configured: false, unavailableReason: `${list} not set` };
}

const READY: ProviderReadiness = { configured: true, unavailableReason: null };

/** Whether the env configures a provider, and if not, which setting is missing (shown in the picker). */
export function providerReadiness(provider: Provider, config: ProvidersConfig): ProviderReadiness {
  switch (provider) {
    case 'openai':
      return config.openai.apiKey ? READY : missing(['OPENAI_API_KEY']);
    case 'anthropic':
      return config.anthropic.apiKey ? READY : missing(['ANTHROPIC_API_KEY']);
    case 'gemini':
      return config.gemini.apiKey ? READY : missing(['GEMINI_API_KEY']);
    case 'grok':
      return config.xai.apiKey ? READY : missing(['XAI_API_KEY']);
    case 'google': {
      const { project, location, credentialsFile, credentialsJson } = config.googleVertex;
      const absent = [
        project ? undefined : 'GOOGLE_VERTEX_PROJECT',
        location ? undefined : 'GOOGLE_VERTEX_LOCATION',
        credentialsFile || credentialsJson ? undefined : 'GOOGLE_APPLICATION_CREDENTIALS',
      ].filter((name): name is string => name !== undefined);
      return absent.length === 0 ? READY : missing(absent);
    }
  }
}

/** Every credential in the config, for scrubbing upstream texts. */
export function providerSecrets(config: ProvidersConfig): string[] {
  return [
    config.openai.apiKey,
    config.anthropic.apiKey,
    config.gemini.apiKey,
    config.xai.apiKey,
  ].filter((key): key is string => key !== undefined);
}

/**
 * The outbound client's routes a provider's calls take: its base URL's, and the Vertex token
 * exchange's (the key's token_uri). Each is `configured` when the admin console set it.
 */
export interface ProviderOutbound {
  endpoint: OutboundRoute;
  token: OutboundRoute;
}

/** The adapter for a configured provider; undefined when its settings are missing. */
export function createProviderAdapter(
  provider: Provider,
  config: ProvidersConfig,
  timeouts: StreamTimeouts,
  outbound: ProviderOutbound,
): ProviderAdapter | undefined {
  const secrets = providerSecrets(config);
  const base = { provider, secrets, outbound: outbound.endpoint, ...timeouts };
  switch (provider) {
    case 'openai': {
      const { apiKey, baseUrl } = config.openai;
      if (!apiKey) return undefined;
      return createAdapter({
        ...base,
        wire: openAiWire({ apiKey, baseUrl: () => baseUrl ?? OPENAI_BASE_URL, dialect: 'openai' }),
      });
    }
    case 'anthropic': {
      const { apiKey, baseUrl } = config.anthropic;
      if (!apiKey) return undefined;
      return createAdapter({ ...base, wire: anthropicWire({ apiKey, baseUrl }) });
    }
    case 'gemini': {
      const { apiKey, baseUrl } = config.gemini;
      if (!apiKey) return undefined;
      return createAdapter({ ...base, wire: geminiWire({ apiKey, baseUrl }) });
    }
    case 'grok': {
      const { apiKey, baseUrl } = config.xai;
      if (!apiKey) return undefined;
      return createAdapter({
        ...base,
        wire: openAiWire({ apiKey, baseUrl: () => baseUrl ?? XAI_BASE_URL, dialect: 'xai' }),
      });
    }
    case 'google': {
      const { project, location, credentialsFile, credentialsJson, baseUrl } = config.googleVertex;
      if (!project || !location) return undefined;
      // The console's key wins over GOOGLE_APPLICATION_CREDENTIALS.
      const source = credentialsJson
        ? { json: credentialsJson }
        : credentialsFile
          ? { file: credentialsFile }
          : undefined;
      if (!source) return undefined;
      const accessToken = createVertexAccessToken(source, outbound.token);
      return createAdapter({
        ...base,
        wire: vertexWire({ project, location, baseUrl, accessToken }),
      });
    }
  }
}

/** The offline demo model: OpenAI's wire format, answered by the in-process provider-sim. */
export function createDemoAdapter(
  upstream: DemoUpstream,
  timeouts: StreamTimeouts,
  outbound: OutboundRoute,
): ProviderAdapter {
  return createAdapter({
    provider: 'openai',
    secrets: [],
    outbound,
    ...timeouts,
    wire: openAiWire({
      apiKey: DEMO_API_KEY,
      baseUrl: () => upstream.openaiBaseUrl(),
      dialect: 'openai',
    }),
  });
}
