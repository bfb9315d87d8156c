import type { ModelInfo } from '@parallax/contract';
import { PROVIDER_LABELS, providerLabel } from './model-labels';

export interface ModelSection {
  key: string;
  label: string;
  models: ModelInfo[];
}

/** How many recently used models the picker lists above the rest. */
export const RECENT_SHOWN = 3;

/** Every word typed must appear in the model's name, id, provider or description. */
export function matchesQuery(model: ModelInfo, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    model.friendly_name,
    model.model,
    model.id,
    providerLabel(model),
    model.provider,
    model.description,
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * The picker's sections in order: favourites, then recently used (favourites not repeated),
 * then every model by provider (the demo models last, as "Built-in"). A query filters every
 * section; a model shows up once in a section but may be in a top section and its provider's.
 */
export function modelSections(
  models: readonly ModelInfo[],
  options: { query: string; favourites: readonly string[]; recent: readonly string[] },
): ModelSection[] {
  const shown = models.filter((m) => matchesQuery(m, options.query));
  const byId = new Map(shown.map((m) => [m.id, m]));
  const pick = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const model = byId.get(id);
      return model ? [model] : [];
    });
  const favourites = pick(options.favourites);
  const starred = new Set(options.favourites);
  const recent = pick(options.recent.filter((id) => !starred.has(id))).slice(0, RECENT_SHOWN);
  const providers = (Object.keys(PROVIDER_LABELS) as (keyof typeof PROVIDER_LABELS)[]).map(
    (provider) => ({
      key: provider,
      label: PROVIDER_LABELS[provider],
      models: shown.filter((m) => m.provider === provider && !m.is_demo),
    }),
  );
  return [
    { key: 'favourites', label: 'Favourites', models: favourites },
    { key: 'recent', label: 'Recently used', models: recent },
    ...providers,
    { key: 'demo', label: 'Built-in', models: shown.filter((m) => m.is_demo) },
  ].filter((section) => section.models.length > 0);
}

/** "400K", "1M", "128K": a context window the way price lists write it. */
export function contextLabel(tokens: number): string {
  if (tokens >= 1_000_000) return `${Number((tokens / 1_048_576).toFixed(1))}M`;
  return `${Math.round(tokens / 1000)}K`;
}

function dollars(value: number): string {
  return `$${Number(value.toFixed(2))}`;
}

/** Input / output price per million tokens; "Free" when both are nothing. */
export function priceLabel(
  model: Pick<ModelInfo, 'input_price_per_million' | 'output_price_per_million'>,
): string {
  const { input_price_per_million: input, output_price_per_million: output } = model;
  if (input === 0 && output === 0) return 'Free';
  return `${dollars(input)} in / ${dollars(output)} out per 1M tokens`;
}

const KIND_WORDS = { text: 'Text', images: 'Images', files: 'Files' } as const;

export function inputKindsLabel(model: Pick<ModelInfo, 'input_kinds'>): string {
  return model.input_kinds.map((kind) => KIND_WORDS[kind]).join(', ');
}
