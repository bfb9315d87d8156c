import { expect, it } from 'vitest';
import type { Bus } from './bus';

const TTL_MS = 10_000;

/**
 * What both drivers promise about presence, run against each: `connect` gives buses of one
 * installation (with Redis: separate connections, as separate processes would have).
 */
export function presenceContract(connect: () => Promise<Bus>): void {
  it('keeps a key with its first holder while any of its members lives', async () => {
    const [one, two] = [await connect(), await connect()];
    const key = `conn:${Math.random()}`;
    expect(await one.claimPresence(key, { holder: 'A', member: 'a1', ttlMs: TTL_MS })).toBe('A');
    expect(await two.claimPresence(key, { holder: 'B', member: 'b1', ttlMs: TTL_MS })).toBe('A');
    expect(await two.claimPresence(key, { holder: 'A', member: 'a2', ttlMs: TTL_MS })).toBe('A');
    // Closing one socket leaves the other's membership, and the holder, in place.
    await one.releasePresence(key, 'a1');
    await one.releasePresence(key, 'b1');
    expect(await one.presenceHolder(key)).toBe('A');
    await two.releasePresence(key, 'a2');
    expect(await one.presenceHolder(key)).toBeUndefined();
    expect(await two.claimPresence(key, { holder: 'B', member: 'b1', ttlMs: TTL_MS })).toBe('B');
  });

  it('hands a key over only from the holder named, and forgets members that expire', async () => {
    const [one, two] = [await connect(), await connect()];
    const key = `conn:${Math.random()}`;
    expect(await one.claimPresence(key, { holder: 'A', member: 'a1', ttlMs: TTL_MS })).toBe('A');
    expect(
      await two.claimPresence(key, { holder: 'C', member: 'c1', ttlMs: TTL_MS, takeOverFrom: 'B' }),
    ).toBe('A');
    expect(
      await two.claimPresence(key, { holder: 'C', member: 'c1', ttlMs: TTL_MS, takeOverFrom: 'A' }),
    ).toBe('C');
    // The old holder's refresh is refused now.
    expect(await one.claimPresence(key, { holder: 'A', member: 'a1', ttlMs: TTL_MS })).toBe('C');
    const short = `conn:${Math.random()}`;
    expect(await one.claimPresence(short, { holder: 'A', member: 'a1', ttlMs: 30 })).toBe('A');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await two.presenceHolder(short)).toBeUndefined();
    expect(await two.claimPresence(short, { holder: 'B', member: 'b1', ttlMs: TTL_MS })).toBe('B');
  });
}
