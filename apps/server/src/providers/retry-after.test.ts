import { describe, expect, it } from 'vitest';
import { retryAfterOf } from './classify-upstream-error';

describe('retryAfterOf (an upstream’s retry-after, passed on to our callers)', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');

  it('reads seconds, rounding a fraction up', () => {
    expect(retryAfterOf({ 'retry-after': '20' }, now)).toBe(20);
    expect(retryAfterOf({ 'retry-after': '0.4' }, now)).toBe(1);
  });

  it('reads an HTTP date as the seconds until then, never negative', () => {
    expect(retryAfterOf({ 'retry-after': 'Sun, 29 Nov 2026 12:00:30 GMT' }, now)).toBe(30);
    expect(retryAfterOf({ 'retry-after': 'Sun, 29 Nov 2026 11:00:00 GMT' }, now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(retryAfterOf({}, now)).toBeUndefined();
    expect(retryAfterOf({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(retryAfterOf({ 'retry-after': '-5' }, now)).toBeUndefined();
  });
});
