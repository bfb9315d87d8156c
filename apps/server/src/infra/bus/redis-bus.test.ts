import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bus } from './bus';
import { RedisBus } from './redis-bus';

const redisUrl = process.env.REDIS_URL;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.skipIf(!redisUrl)('RedisBus', () => {
  const open: Bus[] = [];
  const connect = async (prefix: string) => {
    const bus = await RedisBus.connect(redisUrl ?? '', prefix, { maxEntries: 100, ttlMs: 60_000 });
    open.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });

  it('delivers every payload once here at once and once in another process, in order', async () => {
    const prefix = `test:${randomUUID()}`;
    const [here, there] = [await connect(prefix), await connect(prefix)];
    const seenHere: string[] = [];
    const seenThere: string[] = [];
    await here.subscribe('topic', (p) => seenHere.push(p));
    await there.subscribe('topic', (p) => seenThere.push(p));
    for (const n of [1, 2, 3]) void here.appendAndPublish('log', 'topic', String(n));
    // Local subscribers do not wait for Redis.
    expect(seenHere).toEqual(['1', '2', '3']);
    await here.publish('topic', '4');
    await settle();
    expect(seenHere).toEqual(['1', '2', '3', '4']);
    expect(seenThere).toEqual(['1', '2', '3', '4']);
  });

  it('gives a replay log its expiry, and a new one after it was deleted', async () => {
    const prefix = `test:${randomUUID()}`;
    const bus = await connect(prefix);
    const probe = new Redis(redisUrl ?? '');
    try {
      await bus.appendAndPublish('log', 'topic', '1');
      await bus.appendAndPublish('log', 'topic', '2');
      expect(await probe.pttl(`${prefix}:log:log`)).toBeGreaterThan(50_000);
      await bus.deleteLog('log');
      await bus.appendAndPublish('log', 'topic', '3');
      expect(await probe.pttl(`${prefix}:log:log`)).toBeGreaterThan(50_000);
    } finally {
      probe.disconnect();
    }
  });

  it('reads appends still waiting for their batch, in order, from any process', async () => {
    const prefix = `test:${randomUUID()}`;
    const [here, there] = [await connect(prefix), await connect(prefix)];
    for (const n of [1, 2, 3]) void here.appendAndPublish('log', 'topic', String(n));
    expect(await here.readLog('log')).toEqual(['1', '2', '3']);
    expect(await there.readLog('log')).toEqual(['1', '2', '3']);
    void here.appendAndPublish('log', 'topic', '4');
    await here.deleteLog('log');
    expect(await there.readLog('log')).toEqual([]);
  });
});
