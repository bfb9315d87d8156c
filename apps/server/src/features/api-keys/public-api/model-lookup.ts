import { PROVIDERS, type ModelInfo, type Provider } from '@parallax/contract';
import { isAppError } from '../../../infra/errors';
import type { ModelsService, ResolvedModel } from '../../models/models.service';
import { modelNotFound } from './openai-error';

function splitProviderId(requested: string): { provider: Provider; rest: string } | undefined {
  const slash = requested.indexOf('/');
  if (slash <= 0) return undefined;
  const provider = requested.slice(0, slash);
  if (!(PROVIDERS as readonly string[]).includes(provider)) return undefined;
  return { provider: provider as Provider, rest: requested.slice(slash + 1) };
}

/** The registry row `provider/model` names: by registry id or by the provider's own model name. */
function matchProviderModel(
  models: readonly ModelInfo[],
  provider: Provider,
  rest: string,
): ModelInfo | undefined {
  const ofProvider = models.filter((m) => m.provider === provider);
  return (
    ofProvider.find((m) => m.id === rest) ?? ofProvider.find((m) => m.model === rest && !m.is_demo)
  );
}

/**
 * A model named by its registry id (`gpt-5-mini`) or as `provider/model` (`openai/gpt-5-mini`,
 * `google/gemini-2.5-flash` for the Vertex row). OpenAI's 404 model_not_found for an unknown
 * one and for one whose provider is not configured (the web's 503 would make the SDKs retry).
 */
export async function lookUpModel(
  models: ModelsService,
  requested: string,
): Promise<ResolvedModel> {
  const split = splitProviderId(requested);
  const id = split
    ? matchProviderModel(await models.list(), split.provider, split.rest)?.id
    : requested;
  if (id === undefined) throw modelNotFound(requested);
  try {
    return await models.resolve(id);
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 503))
      throw modelNotFound(requested);
    throw error;
  }
}
