import { PROVIDERS, type ModelInfo, type Provider } from '@parallax/contract';
import { AppError } from '../../../infra/errors';
import type { ModelsService, ResolvedModel } from '../../models/models.service';

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
 * `google/gemini-2.5-flash` for the Vertex row). 404 for an unknown one, 503 when its provider
 * is not configured (the models service's errors).
 */
export async function lookUpModel(
  models: ModelsService,
  requested: string,
): Promise<ResolvedModel> {
  const split = splitProviderId(requested);
  if (!split) return models.resolve(requested);
  const match = matchProviderModel(await models.list(), split.provider, split.rest);
  if (!match) throw new AppError('not_found', `The model "${requested}" does not exist.`);
  return models.resolve(match.id);
}
