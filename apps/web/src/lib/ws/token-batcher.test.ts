import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenBatcher, type TokenBatch } from './token-batcher';

describe('TokenBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const flushes: TokenBatch[][] = [];
    const batcher = new TokenBatcher({
      batchSize: 5,
      intervalMs: 16,
      queueMax: 1_000,
      onFlush: (b) => flushes.push(b),
    });
    return { flushes, batcher };
  };
  const push = (b: TokenBatcher, sequence: number, isComplete = false, messageId = 'm') =>
    b.push({ messageId, token: `t${sequence} `, sequence, isComplete });

  it('flushes every 5 tokens', () => {
    const { flushes, batcher } = make();
    for (let i = 1; i <= 10; i += 1) push(batcher, i);
    expect(flushes).toHaveLength(2);
    expect(flushes[0]?.[0]?.pieces.map((p) => p.text).join('')).toBe('t1 t2 t3 t4 t5 ');
    expect(flushes[0]?.[0]).toMatchObject({ lastSequence: 5 });
  });

  it('flushes fewer tokens after 16 ms, not before', () => {
    const { flushes, batcher } = make();
    push(batcher, 1);
    push(batcher, 2);
    vi.advanceTimersByTime(15);
    expect(flushes).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(flushes).toEqual([
      [
        expect.objectContaining({
          messageId: 'm',
          pieces: [
            { sequence: 1, text: 't1 ' },
            { sequence: 2, text: 't2 ' },
          ],
          lastSequence: 2,
          isComplete: false,
        }),
      ],
    ]);
  });

  it('flushes the closing token at once and groups by message', () => {
    const { flushes, batcher } = make();
    push(batcher, 1, false, 'a');
    push(batcher, 1, false, 'b');
    push(batcher, 2, true, 'a');
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toEqual([
      expect.objectContaining({
        messageId: 'a',
        pieces: [
          { sequence: 1, text: 't1 ' },
          { sequence: 2, text: 't2 ' },
        ],
        lastSequence: 2,
        isComplete: true,
      }),
      expect.objectContaining({
        messageId: 'b',
        pieces: [{ sequence: 1, text: 't1 ' }],
        lastSequence: 1,
        isComplete: false,
      }),
    ]);
  });

  it('keeps when the server produced the first and last token of a batch', () => {
    const { flushes, batcher } = make();
    for (let i = 1; i <= 5; i += 1)
      batcher.push({
        messageId: 'm',
        token: 't',
        sequence: i,
        isComplete: false,
        at: 1000 + i * 10,
      });
    expect(flushes[0]?.[0]).toMatchObject({ firstAt: 1010, lastAt: 1050 });
  });
});
