import { describe, expect, it } from 'vitest';
import { formatActivity } from './format-activity';

describe('formatActivity', () => {
  const now = new Date(2026, 10, 25, 9, 0);
  it('counts calendar days, not 24-hour spans', () => {
    expect(formatActivity(new Date(2026, 10, 25, 0, 5).toISOString(), now)).toBe('today');
    expect(formatActivity(new Date(2026, 10, 24, 23, 55).toISOString(), now)).toBe('yesterday');
    expect(formatActivity(new Date(2026, 10, 21, 12, 0).toISOString(), now)).toBe('4 days ago');
  });
  it('names the date from a week back', () => {
    expect(formatActivity(new Date(2026, 9, 1).toISOString(), now)).toMatch(/2026/);
  });
});
