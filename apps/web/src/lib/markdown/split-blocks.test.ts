import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from './split-blocks';

describe('splitMarkdownBlocks', () => {
  it('splits at blank lines', () => {
    expect(splitMarkdownBlocks('# Title\n\nFirst para\nstill first\n\n\nSecond')).toEqual([
      '# Title',
      'First para\nstill first',
      'Second',
    ]);
  });

  it('keeps fenced code with blank lines in one block, even while it is still open', () => {
    const text = 'Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    expect(splitMarkdownBlocks(text)).toEqual(['Intro', '```ts\nconst a = 1;\n\nconst b = 2;\n```', 'After']);
    expect(splitMarkdownBlocks('```py\nx = 1\n\ny')).toEqual(['```py\nx = 1\n\ny']);
  });

  it('keeps display math in one block', () => {
    expect(splitMarkdownBlocks('$$\na\n\nb\n$$\n\nend')).toEqual(['$$\na\n\nb\n$$', 'end']);
  });

  it('keeps earlier blocks identical as the text grows, so they can be memoised', () => {
    const full = 'One\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nThree is long';
    const early = splitMarkdownBlocks(full.slice(0, full.length - 5));
    const late = splitMarkdownBlocks(full);
    expect(late.slice(0, -1)).toEqual(early.slice(0, -1));
  });
});
