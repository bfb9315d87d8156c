import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight-segments';

describe('highlightSegments', () => {
  it('cuts a snippet into plain and matched runs at the given offsets', () => {
    expect(
      highlightSegments('the quick fox', [
        { start: 4, end: 9 },
        { start: 10, end: 13 },
      ]),
    ).toEqual([
      { text: 'the ', match: false },
      { text: 'quick', match: true },
      { text: ' ', match: false },
      { text: 'fox', match: true },
    ]);
  });

  it('sorts, merges overlaps and clamps offsets past the end', () => {
    expect(
      highlightSegments('abcdef', [
        { start: 3, end: 99 },
        { start: 0, end: 2 },
        { start: 1, end: 4 },
        { start: 5, end: 5 },
      ]),
    ).toEqual([
      { text: 'ab', match: true },
      { text: 'cd', match: true },
      { text: 'ef', match: true },
    ]);
  });

  it('keeps markup as text and returns the whole snippet when nothing matched', () => {
    expect(highlightSegments('<b>x</b>', [])).toEqual([{ text: '<b>x</b>', match: false }]);
    expect(highlightSegments('', [{ start: 0, end: 3 }])).toEqual([]);
  });
});
