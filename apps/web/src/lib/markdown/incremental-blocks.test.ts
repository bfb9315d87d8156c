import fc from 'fast-check';
import type { Provider } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { splitIncrementally, type BlockSplit } from './incremental-blocks';
import { normalizeMathDelimiters } from './math-delimiters';
import { splitMarkdownBlocks } from './split-blocks';

const whole = (text: string, provider: Provider | null) => splitMarkdownBlocks(normalizeMathDelimiters(text, provider));

/** Pieces that stress the cut: fences of both kinds and lengths, math of every delimiter, blank lines. */
const PIECES = [
  'Some prose with $5 and `code $x$`',
  '\n',
  '\n\n',
  '\n\n\n',
  '```js\n',
  '```\n',
  '````\n',
  '~~~\n',
  '  ```\n',
  'const a = 1;\n\nconst b = 2;\n',
  '$$\n',
  '$$',
  'x^2 + y^2',
  '\\[',
  '\\]',
  '\\(a\\)',
  '\\\\',
  '| a | b |\n|---|---|\n| 1 | 2 |\n',
  '- item\n- item\n',
  '`',
  '\\$',
  ' ',
];

const PROVIDERS: Array<Provider | null> = [null, 'openai', 'anthropic', 'gemini'];

describe('splitIncrementally', () => {
  it('gives the same blocks as splitting the whole text, at every step of a growing text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.constantFrom(...PROVIDERS),
        (pieces, cuts, provider) => {
          const text = pieces.join('');
          const steps = [...new Set(cuts.map((c) => c % (text.length + 1))), text.length].sort((a, b) => a - b);
          let previous: BlockSplit | null = null;
          for (const length of steps) {
            const prefix = text.slice(0, length);
            const next = splitIncrementally(previous, prefix, provider);
            expect(next.blocks).toEqual(whole(prefix, provider));
            previous = next;
          }
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('settles the blocks before the one being written, and only re-splits the rest', () => {
    const first = splitIncrementally(null, 'One\n\nTwo\n\nThr', null);
    expect(first.settled).toEqual(['One', 'Two']);
    const next = splitIncrementally(first, 'One\n\nTwo\n\nThree', null);
    expect(next.settled).toBe(first.settled);
    expect(next.blocks).toEqual(['One', 'Two', 'Three']);
  });

  it('does not settle inside an open code fence, even across blank lines', () => {
    const text = 'Intro\n\n```py\nx = 1\n\ny = 2\n\n';
    const split = splitIncrementally(null, text, null);
    expect(split.settled).toEqual(['Intro']);
    expect(split.blocks).toEqual(['Intro', '```py\nx = 1\n\ny = 2\n\n']);
    expect(split.blocks).toEqual(whole(text, null));
  });

  it('starts over when the text is replaced rather than extended', () => {
    const first = splitIncrementally(null, 'One\n\nTwo\n\nThree', null);
    const replaced = splitIncrementally(first, 'Other\n\nText', null);
    expect(replaced.blocks).toEqual(['Other', 'Text']);
  });
});
