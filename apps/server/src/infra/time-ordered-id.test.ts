import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the millisecond', () => {
    const id = timeOrderedId(Date.UTC(2026, 10, 28, 3, 30));
    expect(id).toMatch(V7);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(Date.UTC(2026, 10, 28, 3, 30));
  });

  it('sorts by time as text, and differs within one millisecond', () => {
    const ids = [1_000, 2_000, 65_536_000, Date.now()].map((ms) => timeOrderedId(ms));
    expect([...ids].sort()).toEqual(ids);
    expect(timeOrderedId(2_000)).not.toBe(timeOrderedId(2_000));
  });

  it('counts up within one millisecond, so ids made in it sort in the order they were made', () => {
    const ids = Array.from({ length: 50 }, () => timeOrderedId(3_000));
    expect(ids.every((id) => V7.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });
});
