import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfterPendingIo } from './after-pending-io';

describe('AfterPendingIo', () => {
  let server: ReturnType<typeof createServer>;
  let client: Socket;
  let accepted: Socket;
  beforeAll(async () => {
    server = createServer();
    const acceptedOnce = new Promise<Socket>((resolve) => server.once('connection', resolve));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    accepted = await acceptedOnce;
  });
  afterAll(async () => {
    client.destroy();
    accepted.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('lets data that has already arrived be handled before a waiter passes', async () => {
    const order: string[] = [];
    accepted.on('data', () => order.push('data'));
    client.write('x');
    // The byte is in the receiving socket's buffer before the waiter asks for its turn.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lane = new AfterPendingIo();
    await lane.turn().then(() => order.push('waiter'));
    expect(order).toEqual(['data', 'waiter']);
  });

  it('lets waiters through one per turn of the event loop, in the order they asked', async () => {
    const lane = new AfterPendingIo();
    const passed: string[] = [];
    let loopTurns = 0;
    let counting = true;
    const count = (): void => {
      loopTurns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await Promise.all(
      ['a', 'b', 'c'].map((name) => lane.turn().then(() => passed.push(`${name}@${loopTurns}`))),
    );
    counting = false;
    expect(passed.map((p) => p.split('@')[0])).toEqual(['a', 'b', 'c']);
    const turns = passed.map((p) => Number(p.split('@')[1]));
    expect(new Set(turns).size).toBe(3);
  });

  it('lets a waiter whose cut-in settles go at once, out of the queue, and the rest keep their order', async () => {
    const lane = new AfterPendingIo();
    const passed: string[] = [];
    let cutIn = (): void => {};
    const urgent = new Promise<void>((resolve) => (cutIn = resolve));
    const waiters = [
      lane.turn().then(() => passed.push('a')),
      lane.turn().then(() => passed.push('b')),
      lane.turn(urgent).then(() => passed.push('c')),
      lane.turn().then(() => passed.push('d')),
    ];
    cutIn();
    await waiters[2];
    expect(passed).toEqual(['c']);
    await Promise.all(waiters);
    expect(passed).toEqual(['c', 'a', 'b', 'd']);
  });

  it('lets a waiter whose cut-in fails go at once too, and one passed in its turn ignore it later', async () => {
    const lane = new AfterPendingIo();
    const passed: string[] = [];
    let fail = (_reason: Error): void => {};
    const failing = new Promise<void>((_resolve, reject) => (fail = reject));
    const late = new Promise<void>((resolve) => setTimeout(resolve, 30));
    const waiters = [
      lane.turn().then(() => passed.push('a')),
      lane.turn(failing).then(() => passed.push('b')),
      lane.turn(late).then(() => passed.push('c')),
    ];
    fail(new Error('upstream refused'));
    await Promise.all(waiters);
    expect(passed).toEqual(['b', 'a', 'c']);
    await late;
    expect(passed).toEqual(['b', 'a', 'c']);
  });
});
