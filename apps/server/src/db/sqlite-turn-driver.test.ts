import { describe, expect, it } from 'vitest';
import { ConnectionTurns } from './sqlite-turn-driver';

describe('SQLite connection turns', () => {
  it('gives the connection to waiters one at a time, in the order they asked', async () => {
    const turns = new ConnectionTurns();
    const order: number[] = [];
    await turns.acquire();
    const waiters = [1, 2, 3].map((n) =>
      turns.acquire().then(() => {
        order.push(n);
        turns.release();
      }),
    );
    turns.release();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
  });

  it('lets other events run once a chain of holders has used up its slice', async () => {
    const turns = new ConnectionTurns();
    await turns.acquire();
    let timerRan = false;
    setImmediate(() => {
      timerRan = true;
    });
    const next = turns.acquire().then(() => timerRan);
    // Hold the connection past the slice, as a long synchronous query would.
    const until = performance.now() + 5;
    while (performance.now() < until);
    turns.release();
    expect(await next).toBe(true);
    turns.release();
  });
});
