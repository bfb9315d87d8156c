import fc from 'fast-check';
import type { Provider } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { normalizeMathDelimiters } from './math-delimiters';
import { normalizeIncrementally, type NormalizedText } from './normalize-incrementally';

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

describe('normalizeIncrementally', () => {
  it('gives the same text as normalising the whole, at every step of a growing text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.constantFrom(...PROVIDERS),
        (pieces, cuts, provider) => {
          const text = pieces.join('');
          const steps = [...new Set(cuts.map((c) => c % (text.length + 1))), text.length].sort(
            (a, b) => a - b,
          );
          let previous: NormalizedText | null = null;
          for (const length of steps) {
            const prefix = text.slice(0, length);
            const next = normalizeIncrementally(previous, prefix, provider);
            expect(next.normalized).toBe(normalizeMathDelimiters(prefix, provider));
            expect(next.normalized.startsWith(next.head)).toBe(true);
            previous = next;
          }
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('settles what lies before the last blank line, and only converts the rest again', () => {
    const first = normalizeIncrementally(null, 'One \\(a\\)\n\nTwo\n\nThr', 'openai');
    expect(first.head).toBe('One $a$\n\nTwo\n\n');
    const next = normalizeIncrementally(first, 'One \\(a\\)\n\nTwo\n\nThree \\(b', 'openai');
    expect(next.head.startsWith(first.head)).toBe(true);
    expect(next.normalized).toBe('One $a$\n\nTwo\n\nThree $b');
  });

  it('does not settle inside an open code fence, even across blank lines', () => {
    const split = normalizeIncrementally(
      null,
      'Intro\n\n```py\nx = \\(1\\)\n\ny = 2\n\n',
      'openai',
    );
    expect(split.head).toBe('Intro\n\n');
  });

  it('starts over when the text is replaced rather than extended', () => {
    const first = normalizeIncrementally(null, 'One\n\nTwo\n\nThree', null);
    const replaced = normalizeIncrementally(first, 'Other\n\nText', null);
    expect(replaced.normalized).toBe('Other\n\nText');
  });
});
