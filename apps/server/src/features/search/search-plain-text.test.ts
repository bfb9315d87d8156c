import { describe, expect, it } from 'vitest';
import { markdownToPlain } from './search-plain-text';
import { buildSnippet } from './search-snippet';

describe('snippet text without markdown', () => {
  it('drops markers and keeps what they wrap', () => {
    expect(
      markdownToPlain(
        [
          '## Tide **pools** form _slowly_',
          '',
          '> - [ ] a *quoted* task',
          '1. See [the guide](https://example.com/x) and ![a map](m.png)',
          '',
          '```ts',
          'const tide_level = 2*3;',
          '```',
          '',
          '| a | b |',
          '|---|:-:|',
          '| `x` | ~~y~~ |',
          '',
          '---',
        ].join('\n'),
      ),
    ).toBe(
      'Tide pools form slowly a quoted task See the guide and a map const tide_level = 2*3; a b x y',
    );
  });

  it('leaves plain text as it is, but on one line', () => {
    expect(markdownToPlain('snake_case and 2 * 3 = 6\nnext line')).toBe(
      'snake_case and 2 * 3 = 6 next line',
    );
  });

  it('marks matches in the plain text', () => {
    const { snippet, highlights } = buildSnippet('**Tide** pools and `tide` tables', {
      words: ['tide'],
      prefixLast: false,
      anyWord: false,
    });
    expect(snippet).toBe('Tide pools and tide tables');
    expect(highlights.map((h) => snippet.slice(h.start, h.end))).toEqual(['Tide', 'tide']);
  });
});
