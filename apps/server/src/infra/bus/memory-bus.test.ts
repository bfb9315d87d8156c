import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemoryBus } from './memory-bus';
import { presenceContract } from './presence-contract.test-support';

describe('MemoryBus', () => {
  it('keeps a bounded replay log that expires after its last append', async () => {
    vi.useFakeTimers();
    const bus = new MemoryBus({ maxEntries: 3, ttlMs: 1_000 });
    try {
      for (const n of [1, 2, 3, 4]) await bus.appendAndPublish('log', 'topic', String(n));
      expect(await bus.readLog('log')).toEqual(['2', '3', '4']);
      vi.advanceTimersByTime(1_001);
      expect(await bus.readLog('log')).toEqual([]);
    } finally {
      await bus.close();
      vi.useRealTimers();
    }
  });

  it('keeps a long log exactly: the newest maxEntries entries, in order, across its chunks', async () => {
    const bus = new MemoryBus({ maxEntries: 150, ttlMs: 60_000 });
    const sent = Array.from({ length: 333 }, (_, n) => JSON.stringify([n, n, `token ${n}`]));
    for (const [n, entry] of sent.entries()) {
      await bus.appendAndPublish('log', 'topic', entry);
      if (n === 99) expect(await bus.readLog('log')).toEqual(sent.slice(0, 100));
    }
    expect(await bus.readLog('log')).toEqual(sent.slice(-150));
    await bus.close();
  });

  it('refuses a payload or log entry holding a newline, at once and delivering nothing', async () => {
    const bus = new MemoryBus({ maxEntries: 10, ttlMs: 1_000 });
    const got: string[] = [];
    await bus.subscribe('topic', (p) => got.push(p));
    expect(() => bus.publish('topic', 'one\ntwo')).toThrow(/single line/);
    expect(() => bus.appendAndPublish('log', 'topic', 'ok', 'entry\nnext')).toThrow(/single line/);
    expect(got).toEqual([]);
    expect(await bus.readLog('log')).toEqual([]);
    await bus.close();
  });

  it('delivers to every subscriber until it unsubscribes, and isolates a failing one', async () => {
    const bus = new MemoryBus({ maxEntries: 10, ttlMs: 1_000 });
    const got: string[] = [];
    await bus.subscribe('t', () => {
      throw new Error('broken subscriber');
    });
    const stop = await bus.subscribe('t', (p) => got.push(p));
    await bus.publish('t', 'one');
    await stop();
    await bus.publish('t', 'two');
    expect(got).toEqual(['one']);
    await bus.close();
  });

  describe('presence', () => {
    const bus = new MemoryBus({ maxEntries: 10, ttlMs: 1_000 });
    afterAll(() => bus.close());
    presenceContract(async () => bus);
  });
});
