import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { timedChunks, type TimedChunk } from './timed-chunks';

async function readAll(chunks: AsyncIterable<TimedChunk>): Promise<TimedChunk[]> {
  const read: TimedChunk[] = [];
  for await (const chunk of chunks) read.push(chunk);
  return read;
}

describe('timedChunks', () => {
  it('stamps each chunk when it arrives, not when it is read', async () => {
    const body = new PassThrough();
    const chunks = timedChunks(body);
    const first = chunks.next();
    body.write('a');
    await first;
    body.write('b');
    await sleep(60);
    body.write('c');
    body.end();
    // The reader comes back only now: b and c arrived while nobody read.
    await sleep(60);
    const readFrom = Date.now();
    const rest = await readAll(chunks);
    expect(rest.map((c) => c.chunk.toString())).toEqual(['b', 'c']);
    const [b, c] = rest;
    expect(c!.receivedAt - b!.receivedAt).toBeGreaterThanOrEqual(50);
    expect(c!.receivedAt).toBeLessThan(readFrom - 40);
  });

  it('stops reading while too many chunks wait, and reads on once they are taken', async () => {
    const body = new PassThrough({ highWaterMark: 1 });
    const chunks = timedChunks(body);
    const first = chunks.next();
    for (let n = 0; n < 100; n++) body.write(String(n % 10));
    body.end();
    await first;
    await sleep(10);
    expect(body.isPaused()).toBe(true);
    expect((await readAll(chunks)).length).toBe(99);
  });

  it('throws when the body closes before its end', async () => {
    const body = new PassThrough();
    const reading = readAll(timedChunks(body));
    body.write('a');
    body.destroy();
    await expect(reading).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });

  it("throws the body's own error", async () => {
    const body = new PassThrough();
    const reading = readAll(timedChunks(body));
    body.destroy(new Error('socket hang up'));
    await expect(reading).rejects.toThrow('socket hang up');
  });
});
