import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batcher';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

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
});
