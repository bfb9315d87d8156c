import { describe, expect, it } from 'vitest';
import { formatCheckedAt } from './format-checked-at';

describe('formatCheckedAt', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says how long ago, in the largest whole unit under a day', () => {
    expect(formatCheckedAt(ago(20_000), now)).toBe('just now');
    expect(formatCheckedAt(ago(2 * 60_000 + 5_000), now)).toBe('2 min ago');
    expect(formatCheckedAt(ago(3 * 3_600_000), now)).toBe('3 h ago');
  });

  it('reads a clock slightly ahead of ours as just now', () => {
    expect(formatCheckedAt(ago(-5_000), now)).toBe('just now');
  });

  it('gives the date after a day', () => {
    expect(formatCheckedAt(ago(3 * 86_400_000), now)).toMatch(/26/);
  });
});
