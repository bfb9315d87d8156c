import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens, estimatePromptTokens, splitTokens } from './tokens';

describe('splitTokens', () => {
  it('gives back the exact text when the tokens are joined', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => splitTokens(text).join('') === text),
    );
  });

  it('splits words and punctuation, carrying the whitespace before each', () => {
    expect(splitTokens('## Hello, world!\n\n- x')).toEqual([
      '#',
      '#',
      ' Hello',
      ',',
      ' world',
      '!',
      '\n\n-',
      ' x',
    ]);
    expect(countTokens('')).toBe(0);
  });
});

describe('estimatePromptTokens', () => {
  it('counts about four characters per token, at least one', () => {
    expect(estimatePromptTokens(['abcd', 'efghi'])).toBe(3);
    expect(estimatePromptTokens([''])).toBe(1);
  });
});
