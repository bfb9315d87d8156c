import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { encodeTextFrame, sendTextFrame } from './text-frame';

const open: Array<{ close(): void }> = [];
afterEach(() => {
  for (const thing of open.splice(0)) thing.close();
});

/** A real ws server and client; resolves with the server's side of the connection. */
async function connectedPair(): Promise<{
  server: WebSocket;
  client: WebSocket;
  received: string[];
}> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  open.push(wss);
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  const serverSide = once(wss, 'connection') as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  open.push(client);
  const received: string[] = [];
  client.on('message', (data, isBinary) => {
    if (!isBinary) received.push(String(data));
  });
  await once(client, 'open');
  const [server] = await serverSide;
  return { server, client, received };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('sendTextFrame', () => {
  it('is read by a real client as the same text, for every length encoding, in order with ws.send', async () => {
    const { server, received } = await connectedPair();
    const texts = [
      '',
      'a',
      'x'.repeat(125),
      'y'.repeat(126),
      'ü€😀 "quoted" \\ back',
      'z'.repeat(0xffff),
      'w'.repeat(0x10000),
      `${'é'.repeat(40_000)}end`,
    ];
    texts.forEach((text, index) => {
      // Every other frame through ws itself: both share the socket's write queue.
      if (index % 2 === 0) sendTextFrame(server, text);
      else server.send(text);
    });
    await until(() => received.length === texts.length);
    expect(received).toEqual(texts);
  });

  it('leaves the frame to ws while ws holds frames of its own', async () => {
    const { server, received } = await connectedPair();
    const internals = server as unknown as { _sender: { _state: number } };
    internals._sender._state = 1; // as while compressing: ws queues, so must we
    let viaWs = 0;
    const send = server.send.bind(server);
    server.send = ((text: string) => {
      viaWs += 1;
      internals._sender._state = 0;
      send(text);
    }) as typeof server.send;
    sendTextFrame(server, 'queued behind ws');
    await until(() => received.length === 1);
    expect(viaWs).toBe(1);
    expect(received).toEqual(['queued behind ws']);
  });

  it('encodes the RFC 6455 header: FIN + text, 7-, 16- and 64-bit lengths', () => {
    expect([...encodeTextFrame('hi')]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...encodeTextFrame('a'.repeat(300)).subarray(0, 4)]).toEqual([0x81, 126, 1, 44]);
    expect([...encodeTextFrame('a'.repeat(70_000)).subarray(0, 10)]).toEqual([
      0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70,
    ]);
  });
});
