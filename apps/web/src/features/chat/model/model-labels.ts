import type { ModelInfo, ProviderName } from '@parallax/contract';

export const PROVIDER_LABELS: Record<ProviderName, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  google: 'Google Vertex',
  grok: 'xAI Grok',
};

/**
 * The offline demo's "provider": it answers inside this server, and its name already says it is
 * the offline demo, so the label says where it runs rather than repeating the name.
 */
export const BUILT_IN_LABEL = 'Built-in';
export const NOT_AVAILABLE_TEXT = 'Not available on this server';

/** Who answers: the provider's name, except the offline demo, which no provider serves. */
export function providerLabel(model: Pick<ModelInfo, 'provider' | 'is_demo'>): string {
  return model.is_demo ? BUILT_IN_LABEL : PROVIDER_LABELS[model.provider];
}

/**
 * Why a model cannot be picked, in words for who is asking: users learn what they can do,
 * admins also see which setting is missing.
 */
export function unavailableText(
  model: Pick<ModelInfo, 'available' | 'unavailable_reason'>,
  isAdmin: boolean,
): string | null {
  if (model.available) return null;
  return isAdmin && model.unavailable_reason
    ? `${NOT_AVAILABLE_TEXT} (${model.unavailable_reason})`
    : NOT_AVAILABLE_TEXT;
}
