import type { ModelInfo } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import {
  contextLabel,
  inputKindsLabel,
  matchesQuery,
  modelSections,
  priceLabel,
} from './model-sections';

function model(id: string, over: Partial<ModelInfo> = {}): ModelInfo {
  return {
    id,
    provider: 'openai',
    model: id,
    friendly_name: id.toUpperCase(),
    available: true,
    unavailable_reason: null,
    context_window: 128_000,
    input_price_per_million: 1,
    output_price_per_million: 2,
    supports_vision: false,
    input_kinds: ['text', 'files'],
    description: '',
    is_demo: false,
    ...over,
  };
}

const gpt = model('gpt-5', { description: 'Flagship for code' });
const mini = model('gpt-5-mini');
const claude = model('claude', { provider: 'anthropic', friendly_name: 'Claude Sonnet' });
const demo = model('parallax-demo', { is_demo: true, friendly_name: 'Offline demo' });
const all = [demo, gpt, mini, claude];

describe('modelSections', () => {
  it('puts favourites, then recent picks not starred, above the providers', () => {
    const sections = modelSections(all, {
      query: '',
      favourites: ['claude'],
      recent: ['claude', 'gpt-5-mini', 'gpt-5', 'parallax-demo'],
    });
    expect(sections.map((s) => [s.label, s.models.map((m) => m.id)])).toEqual([
      ['Favourites', ['claude']],
      ['Recently used', ['gpt-5-mini', 'gpt-5', 'parallax-demo']],
      ['OpenAI', ['gpt-5', 'gpt-5-mini']],
      ['Anthropic', ['claude']],
      ['Built-in', ['parallax-demo']],
    ]);
  });

  it('filters every section by all the words typed', () => {
    const sections = modelSections(all, { query: 'anthropic son', favourites: [], recent: [] });
    expect(sections.map((s) => s.models.map((m) => m.id))).toEqual([['claude']]);
    expect(matchesQuery(gpt, 'code')).toBe(true);
    expect(matchesQuery(gpt, 'CODE flagship')).toBe(true);
    expect(matchesQuery(mini, 'code')).toBe(false);
    expect(modelSections(all, { query: 'nothing-like-it', favourites: [], recent: [] })).toEqual(
      [],
    );
  });
});

describe('labels', () => {
  it('writes context, price and input kinds the way price lists do', () => {
    expect(contextLabel(400_000)).toBe('400K');
    expect(contextLabel(1_048_576)).toBe('1M');
    expect(priceLabel({ input_price_per_million: 1.25, output_price_per_million: 10 })).toBe(
      '$1.25 in / $10 out per 1M tokens',
    );
    expect(priceLabel({ input_price_per_million: 0, output_price_per_million: 0 })).toBe('Free');
    expect(inputKindsLabel({ input_kinds: ['text', 'images', 'files'] })).toBe(
      'Text, Images, Files',
    );
  });
});
