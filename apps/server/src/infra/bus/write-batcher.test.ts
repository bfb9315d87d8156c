import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batcher';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A writer whose batches stay in flight until the test answers them, one by one. */
function heldWriter<T>() {
  const batches: T[][] = [];
  const replies: { ok: () => void; fail: (error: Error) => void }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const write = (batch: readonly T[]) =>
    new Promise<void>((ok, fail) => {
      batches.push([...batch]);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const done = () => (inFlight -= 1);
      replies.push({ ok: () => (done(), ok()), fail: (error) => (done(), fail(error)) });
    });
  return {
    batches,
    write,
    get mostInFlight() {
      return mostInFlight;
    },
    /** Answers the oldest unanswered batch, then lets the batcher react. */
    async reply(error?: Error) {
      const next = replies.shift();
      if (!next) throw new Error('no batch in flight');
      if (error) next.fail(error);
      else next.ok();
      await nextTurn();
    },
  };
}

describe('WriteBatcher', () => {
  it('writes everything added in one turn as one batch, in order', async () => {
    const batches: number[][] = [];
    const batcher = new WriteBatcher<number>(async (batch) => {
      batches.push([...batch]);
    });
    const done = [batcher.add(1), batcher.add(2), batcher.add(3)];
    expect(batches).toEqual([]);
    await Promise.all(done);
    batcher.add(4);
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('flush writes at once and waits for the batches already sent', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new WriteBatcher<string>(async (batch) => {
      batches.push([...batch]);
      await gate;
    });
    void batcher.add('a');
    const flushed = batcher.flush();
    expect(batches).toEqual([['a']]);
    let settled = false;
    void batcher.flush().then(() => (settled = true));
    await nextTurn();
    expect(settled).toBe(false);
    release();
    await flushed;
    await nextTurn();
    expect(settled).toBe(true);
  });

  it('rejects every caller of a failed batch and keeps going with the next', async () => {
    let fail = true;
    const batcher = new WriteBatcher<number>(async () => {
      if (fail) throw new Error('redis down');
    });
    const first = batcher.add(1);
    const second = batcher.add(2);
    await expect(first).rejects.toThrow('redis down');
    await expect(second).rejects.toThrow('redis down');
    fail = false;
    await expect(batcher.add(3)).resolves.toBeUndefined();
  });

  it('keeps one batch in flight and sends what arrived meanwhile as one batch after its reply', async () => {
    const writer = heldWriter<number>();
    const batcher = new WriteBatcher<number>(writer.write);
    const first = batcher.add(1);
    await nextTurn();
    expect(writer.batches).toEqual([[1]]);
    // Several turns pass while the first batch waits for its reply: nothing else goes out.
    const later = [batcher.add(2), batcher.add(3)];
    await nextTurn();
    later.push(batcher.add(4));
    await nextTurn();
    expect(writer.batches).toEqual([[1]]);
    await writer.reply();
    await expect(first).resolves.toBeUndefined();
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
    await writer.reply();
    await expect(Promise.all(later)).resolves.toEqual([undefined, undefined, undefined]);
    expect(writer.mostInFlight).toBe(1);
  });

  it('keeps the order of items over many batches', async () => {
    const writer = heldWriter<number>();
    const batcher = new WriteBatcher<number>(writer.write);
    const all: Promise<void>[] = [];
    let n = 0;
    for (let round = 1; round <= 5; round += 1) {
      // Each round adds over two turns while the previous batch is still unanswered.
      for (let i = 0; i < round; i += 1) {
        all.push(batcher.add((n += 1)));
        if (i === 0) await nextTurn();
      }
      if (round > 1) await writer.reply();
    }
    await writer.reply();
    await Promise.all(all);
    expect(writer.batches).toEqual([[1], [2, 3], [4, 5, 6], [7, 8, 9, 10], [11, 12, 13, 14, 15]]);
    expect(writer.mostInFlight).toBe(1);
  });

  it('flush waits for the batch in flight, then for the rest it sends right after', async () => {
    const writer = heldWriter<string>();
    const batcher = new WriteBatcher<string>(writer.write);
    void batcher.add('a');
    await nextTurn();
    void batcher.add('b');
    let flushed = false;
    void batcher.flush().then(() => (flushed = true));
    // One batch in flight: flush cannot send 'b' yet.
    expect(writer.batches).toEqual([['a']]);
    await writer.reply();
    expect(writer.batches).toEqual([['a'], ['b']]);
    expect(flushed).toBe(false);
    await writer.reply();
    expect(flushed).toBe(true);
    // Nothing waiting and nothing in flight: resolves at once, writes nothing.
    await batcher.flush();
    expect(writer.batches).toEqual([['a'], ['b']]);
  });

  it('rejects only the items of a failed batch; those added meanwhile still go out', async () => {
    const writer = heldWriter<number>();
    const batcher = new WriteBatcher<number>(writer.write);
    const failed = [batcher.add(1), batcher.add(2)];
    await nextTurn();
    const meanwhile = [batcher.add(3), batcher.add(4)];
    const flushed = batcher.flush();
    await writer.reply(new Error('redis down'));
    for (const item of failed) await expect(item).rejects.toThrow('redis down');
    expect(writer.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await writer.reply();
    await expect(Promise.all(meanwhile)).resolves.toEqual([undefined, undefined]);
    // flush reports no failure: those belong to the callers of add.
    await expect(flushed).resolves.toBeUndefined();
  });
});
