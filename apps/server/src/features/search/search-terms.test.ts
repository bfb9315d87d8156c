import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_TERMS } from '@parallax/contract';
import { parseSearchText } from './search-terms';

describe('parseSearchText', () => {
  it('keeps letters and digits only, folded, and marks a last word still being typed', () => {
    expect(parseSearchText('"Crème" OR brû')).toEqual({
      words: ['creme', 'or', 'bru'],
      prefixLast: true,
      anyWord: false,
    });
    expect(parseSearchText('NEAR(a b)* -c: ').prefixLast).toBe(false);
    expect(parseSearchText('title:x').words).toEqual(['title', 'x']);
    expect(parseSearchText('tide p').prefixLast).toBe(false);
    expect(parseSearchText('tide po').prefixLast).toBe(true);
  });

  it('finds nothing in punctuation, and bounds the words of a huge text', () => {
    expect(parseSearchText(' "" * - : () \u0000 ').words).toEqual([]);
    const many = Array.from({ length: 2_000 }, (_, i) => `w${i}`).join(' ');
    expect(parseSearchText(many).words).toHaveLength(SEARCH_MAX_TERMS);
    expect(parseSearchText('a'.repeat(10_000)).words).toEqual([]);
  });
});
