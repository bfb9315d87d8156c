import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiCallRecorder, type PendingCall } from './public-api/call-recorder';
import {
  createApiTestAppPair,
  createKey,
  sdk,
  signUp,
  startUpstreams,
  type Upstreams,
} from './public-api.test-support';

/**
 * Call records are written in batches, off the calls' path: what a batch writes (real
 * database), when it is written, and that a clean shutdown writes everything left.
 */

const silent: FastifyBaseLogger = pino({ level: 'silent' });

function pendingCall(keyId: string, at: string, tokens = 10, userId = 'user-1'): PendingCall {
  return {
    call: {
      id: crypto.randomUUID(),
      key_id: keyId,
      user_id: userId,
      model: 'gpt-5-mini',
      stream: 0,
      status: 200,
      outcome: 'ok',
      input_tokens: tokens,
      output_tokens: 2 * tokens,
      latency_ms: 3,
      created_at: at,
    },
    day: at.slice(0, 10),
  };
}

/** A repository double that keeps what it is asked to write, failing while `failing` is set. */
class FakeRepository {
  batches: PendingCall[][] = [];
  failing = false;
  recordCalls(calls: readonly PendingCall[]): Promise<void> {
    if (this.failing) return Promise.reject(new Error('database is locked'));
    this.batches.push([...calls]);
    return Promise.resolve();
  }
  asRepository(): ApiKeysRepository {
    return this as unknown as ApiKeysRepository;
  }
  get written(): number {
    return this.batches.reduce((n, b) => n + b.length, 0);
  }
}

describe('ApiCallRecorder', () => {
  it('writes the calls of one moment in one batch, after flushAfterMs', async () => {
    const repo = new FakeRepository();
    const recorder = new ApiCallRecorder(repo.asRepository(), silent, { flushAfterMs: 30 });
    for (let i = 0; i < 5; i += 1) recorder.add(pendingCall('k', new Date().toISOString()));
    expect(repo.written).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(repo.batches.map((b) => b.length)).toEqual([5]);
    expect(recorder.pending).toBe(0);
  });

  it('writes a full batch at once, without waiting for the timer', async () => {
    const repo = new FakeRepository();
    const recorder = new ApiCallRecorder(repo.asRepository(), silent, {
      flushAfterMs: 60_000,
      maxBatch: 3,
    });
    for (let i = 0; i < 7; i += 1) recorder.add(pendingCall('k', new Date().toISOString()));
    await recorder.flush();
    expect(repo.batches.map((b) => b.length)).toEqual([3, 3, 1]);
  });

  it('keeps a batch the database refused and writes it, in order, on the next flush', async () => {
    const repo = new FakeRepository();
    const recorder = new ApiCallRecorder(repo.asRepository(), silent, { flushAfterMs: 60_000 });
    const first = pendingCall('k', '2026-01-01T00:00:00.000Z');
    recorder.add(first);
    repo.failing = true;
    await recorder.flush();
    expect(recorder.pending).toBe(1);
    const second = pendingCall('k', '2026-01-01T00:00:01.000Z');
    recorder.add(second);
    repo.failing = false;
    await recorder.flush();
    expect(repo.batches).toEqual([[first, second]]);
  });

  it('close() waits for calls still settling, then writes everything pending', async () => {
    const repo = new FakeRepository();
    const recorder = new ApiCallRecorder(repo.asRepository(), silent, { flushAfterMs: 60_000 });
    recorder.add(pendingCall('k', new Date().toISOString()));
    // A call whose refund is still running when the app starts closing.
    void recorder.track(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          recorder.add(pendingCall('k', new Date().toISOString()));
          resolve();
        }, 30),
      ),
    );
    await recorder.close();
    expect(repo.written).toBe(2);
    expect(recorder.pending).toBe(0);
  });
});

describe('ApiKeysRepository.recordCalls (real database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('inserts every call, sums the day counters per key and day, and moves last use forward only', async () => {
    const owner = await signUp(t.app);
    const a = (await createKey(t.app, owner, { name: 'a' })).key.id;
    const b = (await createKey(t.app, owner, { name: 'b' })).key.id;
    const repo = new ApiKeysRepository(t.app.db);
    // Over the 100 rows of one insert statement, across two keys and two days.
    const calls = [
      ...Array.from({ length: 150 }, (_, i) =>
        pendingCall(a, `2026-03-01T10:00:${String(i % 60).padStart(2, '0')}.000Z`, 1, owner.userId),
      ),
      pendingCall(a, '2026-03-02T09:00:00.000Z', 5, owner.userId),
      pendingCall(b, '2026-03-01T08:00:00.000Z', 7, owner.userId),
    ];
    await repo.recordCalls(calls);
    // A later batch with an older call (another process's) does not move last use back.
    await repo.recordCalls([pendingCall(a, '2026-03-01T00:00:00.000Z', 1, owner.userId)]);

    const rows = await t.app.db
      .selectFrom('api_calls')
      .select(['key_id'])
      .where('key_id', 'in', [a, b])
      .execute();
    expect(rows).toHaveLength(153);
    const usage = await t.app.db
      .selectFrom('api_key_usage')
      .select(['key_id', 'day', 'requests', 'input_tokens', 'output_tokens'])
      .where('key_id', 'in', [a, b])
      .orderBy('key_id')
      .orderBy('day')
      .execute();
    const byKeyDay = Object.fromEntries(
      usage.map((u) => [
        `${u.key_id === a ? 'a' : 'b'} ${u.day}`,
        [Number(u.requests), Number(u.input_tokens), Number(u.output_tokens)],
      ]),
    );
    expect(byKeyDay).toEqual({
      'a 2026-03-01': [151, 151, 302],
      'a 2026-03-02': [1, 5, 10],
      'b 2026-03-01': [1, 7, 14],
    });
    const keys = await t.app.db
      .selectFrom('api_keys')
      .select(['id', 'last_used_at'])
      .where('id', 'in', [a, b])
      .execute();
    const lastUsed = Object.fromEntries(keys.map((k) => [k.id, k.last_used_at]));
    expect(lastUsed[a]).toBe('2026-03-02T09:00:00.000Z');
    expect(lastUsed[b]).toBe('2026-03-01T08:00:00.000Z');
  });
});

describe('a clean shutdown right after calls', () => {
  let upstreams: Upstreams;
  let pair: Awaited<ReturnType<typeof createApiTestAppPair>>;
  beforeAll(async () => {
    upstreams = await startUpstreams();
    pair = await createApiTestAppPair(upstreams);
  }, 60_000);
  afterAll(async () => {
    await pair?.close();
    await upstreams?.close();
  });

  it('loses no call record: process A closes at once, process B reads them all', async () => {
    const owner = await signUp(pair.b);
    const { key, secret } = await createKey(pair.b, owner);
    const client = sdk(pair.urlA, secret);
    const calls = 12;
    await Promise.all(
      Array.from({ length: calls }, () =>
        client.chat.completions.create({
          model: 'gpt-5-mini',
          messages: [{ role: 'user', content: 'hi' }],
        }),
      ),
    );
    // Closed at once: whatever the batch timer has not written yet, close() writes.
    await pair.a.close();
    const recorded = await pair.b.db
      .selectFrom('api_calls')
      .select('id')
      .where('key_id', '=', key.id)
      .execute();
    expect(recorded).toHaveLength(calls);
    const usage = await pair.b.db
      .selectFrom('api_key_usage')
      .select('requests')
      .where('key_id', '=', key.id)
      .execute();
    expect(usage.reduce((n, u) => n + Number(u.requests), 0)).toBe(calls);
    const row = await pair.b.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', key.id)
      .executeTakeFirst();
    expect(row?.last_used_at).not.toBeNull();
  });
});
