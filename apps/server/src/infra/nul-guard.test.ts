import { describe, expect, it } from 'vitest';
import { findNul } from './nul-guard';

describe('findNul', () => {
  it('names the first field holding a NUL, in document order', () => {
    expect(findNul({ a: ['ok', { b: 'x\u0000' }], c: '\u0000' }, 'body')).toBe('body.a.1.b');
    expect(findNul({ 'k\u0000': 1 }, 'body')).toBe('body.k\u0000');
    expect(findNul({ a: [1, true, null, 'fine'] }, 'body')).toBeNull();
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findNul(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});
