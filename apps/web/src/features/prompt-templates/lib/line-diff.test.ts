import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff';

describe('diffLines', () => {
  it('marks removed and added lines around the unchanged ones', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('finds nothing to mark in equal texts', () => {
    expect(diffLines('same\ntext', 'same\ntext').every((l) => l.kind === 'same')).toBe(true);
  });
});
