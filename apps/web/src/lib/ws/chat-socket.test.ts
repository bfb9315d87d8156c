import {
  CONNECTION_ERROR_MESSAGES,
  WEBSOCKET,
  WS_SIGNED_OUT,
  reconnectDelayMs,
} from '@parallax/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { ChatSocket, type ChatSocketOptions } from './chat-socket';
import { jitteredReconnectDelayMs } from './reconnect-delay';
import { applyPieces } from './stream-text';
import type { SocketEvent, SocketLike } from './socket-types';
import type { TokenBatch } from './token-batcher';

interface Harness {
  server: WebSocketServer;
  baseUrl: string;
  /** Every frame the server received, parsed. */
  received: Array<Record<string, unknown>>;
  urls: string[];
  sockets: ServerSocket[];
}

let harness: Harness;
const clients: ChatSocket[] = [];

async function startServer(
  onConnection: (socket: ServerSocket, index: number) => void,
): Promise<Harness> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const h: Harness = {
    server,
    baseUrl: `ws://127.0.0.1:${port}`,
    received: [],
    urls: [],
    sockets: [],
  };
  server.on('connection', (socket, request) => {
    h.urls.push(request.url ?? '');
    h.sockets.push(socket);
    socket.on('message', (data: Buffer) =>
      h.received.push(JSON.parse(data.toString()) as Record<string, unknown>),
    );
    onConnection(socket, h.sockets.length - 1);
  });
  return h;
}

function client(options: Partial<ChatSocketOptions> = {}): ChatSocket {
  const socket = new ChatSocket({
    baseUrl: harness.baseUrl,
    identity: () => ({ userId: 'visitor_abcdefabcdefabcdefabcdefabcdefab', accessToken: null }),
    createSocket: (url) => new NodeWebSocket(url) as unknown as SocketLike,
    newConnectionId: () => 'conn_test',
    ...options,
  });
  clients.push(socket);
  return socket;
}

const established = (socket: ServerSocket) =>
  socket.send(JSON.stringify({ type: 'connection_established', connection_id: 'conn_test' }));
const token = (socket: ServerSocket, sequence: number, text: string, isComplete = false) =>
  socket.send(
    JSON.stringify({
      type: 'ai_token',
      message_id: 'm1',
      token: text,
      sequence,
      is_complete: isComplete,
    }),
  );

function collectTokens(socket: ChatSocket): TokenBatch[] {
  const batches: TokenBatch[] = [];
  socket.onEvent((event: SocketEvent) => {
    if (event.type === 'tokens') batches.push(...event.batches);
  });
  return batches;
}

const textOf = (batches: TokenBatch[]) =>
  batches.flatMap((b) => b.pieces.map((p) => p.text)).join('');

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  if (harness) await new Promise<void>((resolve) => harness.server.close(() => resolve()));
});

describe('jittered reconnect delay', () => {
  it('stays within ±20% of 1 s × 1.5^n, capped at 30 s', () => {
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const base = reconnectDelayMs(attempt);
      expect(base).toBeLessThanOrEqual(WEBSOCKET.reconnectMaxDelayMs);
      expect(jitteredReconnectDelayMs(attempt, () => 0)).toBe(Math.round(base * 0.8));
      expect(jitteredReconnectDelayMs(attempt, () => 0.999999)).toBeLessThanOrEqual(
        Math.round(base * 1.2),
      );
      expect(jitteredReconnectDelayMs(attempt, () => 0.5)).toBe(Math.round(base));
    }
    expect(reconnectDelayMs(1)).toBe(1_500);
    expect(reconnectDelayMs(20)).toBe(30_000);
  });
});

describe('ChatSocket against a real websocket server', () => {
  it('connects with the connection id and user id, authenticates by first message, and exposes the connection id only while connected', async () => {
    harness = await startServer((socket) => {
      socket.once('message', () => established(socket));
    });
    const socket = client({ identity: () => ({ userId: 'user-1', accessToken: 'jwt-abc' }) });
    const states: string[] = [];
    socket.onState((s) => states.push(s));
    expect(socket.connectionId).toBeNull();
    socket.connect();
    await vi.waitFor(() => expect(socket.state).toBe('connected'));
    expect(harness.urls[0]).toBe('/ws/conn_test?user_id=user-1');
    expect(harness.received[0]).toEqual({ type: 'auth', access_token: 'jwt-abc' });
    expect(socket.connectionId).toBe('conn_test');
    expect(states).toEqual(['connecting', 'connected']);
    socket.disconnect();
    expect(socket.state).toBe('disconnected');
    expect(socket.connectionId).toBeNull();
  });

  it('reconnects after an unclean close, resumes tracked messages from the last sequence and drops replayed tokens', async () => {
    harness = await startServer((socket, index) => {
      established(socket);
      if (index === 0) {
        token(socket, 1, 'Hel');
        token(socket, 2, 'lo ');
        token(socket, 3, 'wor');
        setTimeout(() => socket.terminate(), 80);
        return;
      }
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { type: string; last_sequence?: number };
        if (frame.type !== 'resume') return;
        // Replays overlap what the client already has: 2 and 3 must be dropped.
        token(socket, 2, 'lo ');
        token(socket, 3, 'wor');
        token(socket, 4, 'ld');
        token(socket, 5, '!', true);
      });
    });
    const socket = client();
    const batches = collectTokens(socket);
    socket.track('m1');
    socket.connect();
    await vi.waitFor(() => expect(socket.state).toBe('reconnecting'), { timeout: 2_000 });
    await vi.waitFor(() => expect(batches.some((b) => b.isComplete)).toBe(true), {
      timeout: 3_000,
    });
    expect(harness.received).toContainEqual({ type: 'resume', message_id: 'm1', last_sequence: 3 });
    expect(textOf(batches)).toBe('Hello world!');
    expect(socket.lastSequenceOf('m1')).toBe(5);
    expect(socket.state).toBe('connected');
  });

  it('reconnects after a server restart close (1012) without an error and resumes where it was', async () => {
    harness = await startServer((socket, index) => {
      established(socket);
      if (index === 0) {
        token(socket, 1, 'Hel');
        setTimeout(() => socket.close(1012, 'Server restarting'), 50);
        return;
      }
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { type: string };
        if (frame.type === 'resume') token(socket, 2, 'lo', true);
      });
    });
    const socket = client();
    const batches = collectTokens(socket);
    socket.track('m1');
    socket.connect();
    await vi.waitFor(() => expect(socket.state).toBe('reconnecting'), { timeout: 2_000 });
    expect(socket.lastError).toBeNull();
    await vi.waitFor(() => expect(batches.some((b) => b.isComplete)).toBe(true), {
      timeout: 3_000,
    });
    expect(harness.received).toContainEqual({ type: 'resume', message_id: 'm1', last_sequence: 1 });
    expect(textOf(batches)).toBe('Hello');
  });

  it('a live token that overtakes the replay of a resume does not make the replay look seen', async () => {
    harness = await startServer((socket) => {
      established(socket);
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { type: string };
        if (frame.type !== 'resume') return;
        // Sent before the server took the resume: a live token, then the replay from the start.
        token(socket, 3, 'lo ');
        token(socket, 1, 'He');
        token(socket, 2, 'l');
        token(socket, 3, 'lo ');
        token(socket, 4, 'there', true);
      });
    });
    const socket = client();
    const batches = collectTokens(socket);
    socket.connect();
    await vi.waitFor(() => expect(socket.state).toBe('connected'));
    socket.resume('m1', 0);
    await vi.waitFor(() => expect(batches.some((b) => b.isComplete)).toBe(true), {
      timeout: 3_000,
    });
    // Every token reaches the screen (the early 3 again with the replay); the screen applies
    // each sequence once, in order.
    const pieces = batches.flatMap((b) => b.pieces);
    expect(pieces.map((p) => p.sequence)).toEqual([3, 1, 2, 3, 4]);
    expect(applyPieces({ text: '', sequence: 0 }, pieces)).toEqual({
      text: 'Hello there',
      sequence: 4,
      gap: false,
      tools: [],
    });
    expect(socket.lastSequenceOf('m1')).toBe(4);
  });

  it('takes tool events in the token numbering: no gap around them, a replayed one dropped', async () => {
    const call = {
      id: 'call_1',
      step: 0,
      name: 'web_search',
      arguments: '{"query":"cats"}',
      status: 'running',
      started_at: '2026-11-29T10:00:00.000Z',
    };
    const tool = (socket: ServerSocket, sequence: number, status: string) =>
      socket.send(
        JSON.stringify({
          type: 'ai_tool',
          message_id: 'm1',
          sequence,
          call: { ...call, status },
          ...(status === 'completed' && {
            citations: [
              { index: 1, title: 'Cats', url: 'https://cats.example/', site: 'cats.example' },
            ],
          }),
        }),
      );
    harness = await startServer((socket) => {
      established(socket);
      token(socket, 1, 'Let me look. ');
      tool(socket, 2, 'running');
      tool(socket, 2, 'running');
      tool(socket, 3, 'completed');
      token(socket, 4, 'Cats purr [1].', true);
    });
    const socket = client();
    const batches = collectTokens(socket);
    socket.connect();
    await vi.waitFor(() => expect(batches.some((b) => b.isComplete)).toBe(true), {
      timeout: 3_000,
    });
    const pieces = batches.flatMap((b) => b.pieces);
    expect(pieces.map((p) => p.sequence)).toEqual([1, 2, 3, 4]);
    const shown = applyPieces({ text: '', sequence: 0 }, pieces);
    expect(shown.gap).toBe(false);
    expect(shown.text).toBe('Let me look. Cats purr [1].');
    expect(shown.tools.map((t) => t.call.status)).toEqual(['running', 'completed']);
    expect(shown.tools[1]?.citations?.[0]?.title).toBe('Cats');
  });

  it('sends resume for a message picked up after a page load (last_sequence 0)', async () => {
    harness = await startServer((socket) => established(socket));
    const socket = client();
    socket.connect();
    await vi.waitFor(() => expect(socket.state).toBe('connected'));
    socket.resume('m-old', 0);
    await vi.waitFor(() =>
      expect(harness.received).toContainEqual({
        type: 'resume',
        message_id: 'm-old',
        last_sequence: 0,
      }),
    );
  });

  it('pings after open and drops a connection whose pong does not come', async () => {
    harness = await startServer((socket) => established(socket));
    const socket = client({
      timing: { firstPingDelayMs: 20, pingIntervalMs: 10_000, pongWaitMs: 60 },
    });
    socket.connect();
    await vi.waitFor(() => expect(harness.received.some((f) => f.type === 'ping')).toBe(true));
    expect(typeof harness.received.find((f) => f.type === 'ping')?.timestamp).toBe('number');
    await vi.waitFor(() => expect(socket.state).toBe('reconnecting'));
  });

  it('keeps a connection whose pongs arrive', async () => {
    harness = await startServer((socket) => {
      established(socket);
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { type: string; timestamp: number };
        if (frame.type === 'ping')
          socket.send(JSON.stringify({ type: 'pong', timestamp: frame.timestamp }));
      });
    });
    const socket = client({ timing: { firstPingDelayMs: 10, pingIntervalMs: 30, pongWaitMs: 25 } });
    socket.connect();
    await new Promise((r) => setTimeout(r, 250));
    expect(harness.received.filter((f) => f.type === 'ping').length).toBeGreaterThanOrEqual(4);
    expect(socket.state).toBe('connected');
    expect(harness.sockets).toHaveLength(1);
  });

  it('does not reconnect after a manual disconnect', async () => {
    harness = await startServer((socket) => established(socket));
    const socket = client();
    socket.connect();
    await vi.waitFor(() => expect(socket.state).toBe('connected'));
    socket.disconnect();
    await new Promise((r) => setTimeout(r, 1_300));
    expect(harness.sockets).toHaveLength(1);
    expect(socket.state).toBe('disconnected');
  });

  it('stays closed and tells its listeners when the server closes it as signed out', async () => {
    harness = await startServer((socket, index) => {
      established(socket);
      if (index === 0) setTimeout(() => socket.close(WS_SIGNED_OUT.code, WS_SIGNED_OUT.reason), 50);
    });
    const socket = client({ identity: () => ({ userId: 'user-1', accessToken: 'jwt-abc' }) });
    let signedOut = 0;
    socket.onSignedOut(() => (signedOut += 1));
    socket.connect();
    await vi.waitFor(() => expect(signedOut).toBe(1));
    expect(socket.state).toBe('disconnected');
    expect(socket.lastError).toBe(CONNECTION_ERROR_MESSAGES.authentication);
    // Past the first reconnect delay (1 s ± 20%): no second socket.
    await new Promise((r) => setTimeout(r, 1_300));
    expect(harness.sockets).toHaveLength(1);
  });

  it('reconnects after another 4401 (a token that expired before the connect), telling nobody of a sign-out', async () => {
    harness = await startServer((socket, index) => {
      if (index === 0) socket.close(WS_SIGNED_OUT.code, 'Authentication failed');
      else established(socket);
    });
    const socket = client({ identity: () => ({ userId: 'user-1', accessToken: 'jwt-abc' }) });
    let signedOut = 0;
    socket.onSignedOut(() => (signedOut += 1));
    socket.connect();
    await vi.waitFor(() => expect(socket.state).toBe('connected'), { timeout: 3_000 });
    expect(harness.sockets).toHaveLength(2);
    expect(signedOut).toBe(0);
  });
});

describe('ChatSocket reconnect schedule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries 10 times with growing, jittered delays, then reports error', () => {
    const opened: number[] = [];
    const socket = new ChatSocket({
      baseUrl: 'ws://unused',
      identity: () => ({ userId: 'u', accessToken: null }),
      random: () => 1,
      createSocket: () => {
        opened.push(Date.now());
        const fake: SocketLike = {
          readyState: 3,
          send: () => undefined,
          close: () => undefined,
          onopen: null,
          onmessage: null,
          onclose: null,
          onerror: null,
        };
        setTimeout(() => fake.onclose?.({ code: 1006, wasClean: false }), 0);
        return fake;
      },
    });
    socket.connect();
    // 20 ms steps: the measured gaps are then exact to within one step.
    for (let i = 0; i < 7_000; i += 1) vi.advanceTimersByTime(20);
    expect(opened).toHaveLength(1 + WEBSOCKET.maxReconnectAttempts);
    const gaps = opened.slice(1).map((t, i) => t - (opened[i] ?? 0));
    gaps.forEach((gap, attempt) => {
      const base = reconnectDelayMs(attempt);
      expect(gap).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
      expect(gap).toBeLessThanOrEqual(Math.ceil(base * 1.2) + 20);
    });
    expect(socket.state).toBe('error');
  });
});
