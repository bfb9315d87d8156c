import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bus } from './bus';
import { presenceContract } from './presence-contract.test-support';
import { RedisBus } from './redis-bus';

const redisUrl = process.env.REDIS_URL;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.skipIf(!redisUrl)('RedisBus', () => {
  const open: Bus[] = [];
  const connect = async (prefix: string) => {
    const bus = await RedisBus.connect(
      redisUrl ?? '',
      prefix,
      { maxEntries: 100, ttlMs: 60_000 },
      pino({ level: 'silent' }),
    );
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

  it('coalesces a batch per log and per channel, and another process gets every payload once', async () => {
    const prefix = `test:${randomUUID()}`;
    const [here, there] = [await connect(prefix), await connect(prefix)];
    const seen = { here: [] as string[], one: [] as string[], two: [] as string[] };
    await here.subscribe('one', (p) => seen.here.push(p));
    await there.subscribe('one', (p) => seen.one.push(p));
    await there.subscribe('two', (p) => seen.two.push(p));
    const monitor = await new Redis(redisUrl ?? '').monitor();
    const commands: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      const [name = '', key = ''] = args;
      if (key.startsWith(prefix) && ['xadd', 'publish', 'pexpire'].includes(name.toLowerCase()))
        commands.push(`${name.toLowerCase()} ${key.slice(prefix.length + 1)}`);
    });
    try {
      const written = [here.appendAndPublish('a', 'one', 'a0')];
      // readLog flushes: that batch goes out now, and is in flight during the loop below.
      const reading = here.readLog('a');
      const [as, bs] = [['a0'], [] as string[]];
      for (let n = 1; n <= 20; n += 1) {
        as.push(`a${n}`);
        bs.push(`b${n}`);
        written.push(here.appendAndPublish('a', 'one', `a${n}`));
        written.push(here.appendAndPublish('b', 'two', `b${n}`));
      }
      await Promise.all(written);
      expect((await reading)[0]).toBe('a0');
      expect(await there.readLog('a')).toEqual(as);
      expect(await there.readLog('b')).toEqual(bs);
      // Two batches: the lone first append, then all 40 in one XADD per log, one PUBLISH per
      // channel, every XADD before every PUBLISH.
      await vi.waitFor(() => expect(commands).toHaveLength(8));
      expect(commands).toEqual([
        'xadd log:a',
        'publish t:one',
        'pexpire log:a',
        'xadd log:a',
        'xadd log:b',
        'publish t:one',
        'publish t:two',
        'pexpire log:b',
      ]);
      const probe = new Redis(redisUrl ?? '');
      try {
        expect(await probe.xlen(`${prefix}:log:a`)).toBe(2);
        expect(await probe.xlen(`${prefix}:log:b`)).toBe(1);
      } finally {
        probe.disconnect();
      }
      await vi.waitFor(() => expect(seen.two).toHaveLength(bs.length));
      await vi.waitFor(() => expect(seen.one).toHaveLength(as.length));
      await settle();
      expect(seen.one).toEqual(as);
      expect(seen.two).toEqual(bs);
      // Here: delivered once, at once, and the copy coming back from Redis is skipped.
      expect(seen.here).toEqual(as);
    } finally {
      monitor.disconnect();
    }
  });

  it('refuses a payload or log entry holding a newline, delivering nothing', async () => {
    const prefix = `test:${randomUUID()}`;
    const [here, there] = [await connect(prefix), await connect(prefix)];
    const seen: string[] = [];
    await here.subscribe('topic', (p) => seen.push(p));
    await there.subscribe('topic', (p) => seen.push(p));
    expect(() => here.publish('topic', 'one\ntwo')).toThrow(/single line/);
    expect(() => here.appendAndPublish('log', 'topic', '{"a":1}\n')).toThrow(/single line/);
    expect(() => here.appendAndPublish('log', 'topic', 'ok', 'entry\nnext')).toThrow(/single line/);
    // JSON escapes newlines, so a JSON payload about a newline is fine.
    const escaped = JSON.stringify({ token: 'line\nbreak' });
    await here.appendAndPublish('log', 'topic', escaped);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([escaped, escaped]);
    expect(await there.readLog('log')).toEqual([escaped]);
  });

  describe('presence', () => {
    const prefix = `test-presence-${randomUUID()}`;
    presenceContract(() => connect(prefix));
  });
});
