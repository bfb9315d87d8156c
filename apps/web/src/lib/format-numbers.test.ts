import { describe, expect, it } from 'vitest';
import { formatCost, pluralize } from './format-numbers';

describe('pluralize', () => {
  it('uses the singular for exactly one', () => {
    expect(pluralize(1, 'vote')).toBe('1 vote');
    expect(pluralize(0, 'vote')).toBe('0 votes');
    expect(pluralize(1200, 'message')).toBe('1,200 messages');
  });
});

describe('formatCost', () => {
  it('shows cents, and "< $0.01" for fractions of a cent', () => {
    expect(formatCost(0.00012)).toBe('< $0.01');
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.014)).toBe('$0.01');
    expect(formatCost(12.5)).toBe('$12.50');
    expect(formatCost(null)).toBe('–');
  });
});
