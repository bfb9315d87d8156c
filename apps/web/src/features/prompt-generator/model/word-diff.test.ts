import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('marks the words added and removed between two versions', () => {
    const parts = wordDiff('Write a long story for adults.', 'Write a short story for children.');
    expect(parts.filter((p) => p.change === 'removed').map((p) => p.text.trim())).toEqual([
      'long',
      'adults',
    ]);
    expect(parts.filter((p) => p.change === 'added').map((p) => p.text.trim())).toEqual([
      'short',
      'children',
    ]);
    const after = parts
      .filter((p) => p.change !== 'removed')
      .map((p) => p.text)
      .join('');
    expect(after).toBe('Write a short story for children.');
  });
});
