import { describe, expect, it } from 'vitest';
import {
  chargeBudget,
  hasBudget,
  pendingSlices,
  scheduleSlice,
  SLICE_BUDGET_MS,
} from './slice-scheduler';

const settle = (ms = 100) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('slice scheduler', () => {
  it('runs queued jobs in later tasks, newest first, and drops cancelled ones', async () => {
    const ran: string[] = [];
    scheduleSlice(() => ran.push('first'));
    const cancel = scheduleSlice(() => ran.push('dropped'));
    scheduleSlice(() => ran.push('last'));
    cancel();
    expect(ran).toEqual([]);
    await settle();
    expect(ran).toEqual(['last', 'first']);
    expect(pendingSlices()).toBe(0);
  });

  it('spreads jobs over several slices when they exceed the budget', async () => {
    const slices: number[] = [];
    let slice = 0;
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    for (let i = 0; i < 4; i += 1)
      scheduleSlice(() => {
        slices.push(slice);
        busy(SLICE_BUDGET_MS);
      });
    const tick = setInterval(() => (slice += 1), 1);
    await settle(400);
    clearInterval(tick);
    // One job fills a slice: each ran in its own task.
    expect(new Set(slices).size).toBe(4);
  });

  it('gives a task a budget that later tasks start afresh', async () => {
    chargeBudget(SLICE_BUDGET_MS);
    expect(hasBudget()).toBe(false);
    await settle();
    expect(hasBudget()).toBe(true);
  });
});
