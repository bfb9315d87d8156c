import { describe, expect, it } from 'vitest';
import { PERSONALIZATION_LIMITS, rememberedFact, UpdatePersonalizationRequest } from './schemas';

describe('rememberedFact', () => {
  it('reads the fact of "Remember that…" and "Remember: …"', () => {
    expect(rememberedFact('Remember that I prefer metric units.')).toBe('I prefer metric units');
    expect(rememberedFact('  please remember that my cat is Tom!')).toBe('my cat is Tom');
    expect(rememberedFact('Remember: deadlines are on Fridays')).toBe('deadlines are on Fridays');
  });

  it('leaves other messages alone', () => {
    expect(rememberedFact('Do you remember that film?')).toBeNull();
    expect(rememberedFact('Remember when we met')).toBeNull();
    expect(rememberedFact('Remember that ')).toBeNull();
    expect(
      rememberedFact(`Remember that ${'x'.repeat(PERSONALIZATION_LIMITS.memoryMaxChars + 1)}`),
    ).toBeNull();
  });

  it('trims custom instructions and refuses them past the limit', () => {
    expect(UpdatePersonalizationRequest.parse({ about: '  hi  ' })).toEqual({ about: 'hi' });
    expect(
      UpdatePersonalizationRequest.safeParse({
        style: 'x'.repeat(PERSONALIZATION_LIMITS.styleMaxChars + 1),
      }).success,
    ).toBe(false);
  });
});
