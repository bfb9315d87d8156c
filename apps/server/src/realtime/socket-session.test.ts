import { parseServerWsMessage, type ServerWsMessage } from '@parallax/contract';
import type { WebSocket } from 'ws';
import { describe, expect, it, vi } from 'vitest';
import { HIGH_WATER_BYTES, SocketSession } from './socket-session';
import type { StreamEnvelope } from './stream-envelope';

/** Just the part of a ws socket the session uses; `bufferedAmount` is set by the test. */
class FakeSocket {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: ServerWsMessage[] = [];
  send(text: string): void {
    const message = parseServerWsMessage(text);
    if (message) this.sent.push(message);
  }
  close(): void {
    this.readyState = 3;
  }
}

function session(): { s: SocketSession; socket: FakeSocket } {
  const socket = new FakeSocket();
  const s = new SocketSession(
    socket as unknown as WebSocket,
    'conn-1',
    { kind: 'visitor', id: 'v' },
    'visitor:v',
    'n',
  );
  return { s, socket };
}

function token(
  order: number,
  sequence: number,
  text: string,
  target: string | null = 'conn-1',
): StreamEnvelope {
  return {
    owner: 'visitor:v',
    messageId: 'm1',
    attempt: 'a1',
    order,
    target,
    final: false,
    event: { type: 'ai_token', message_id: 'm1', token: text, sequence, is_complete: false },
  };
}

function tool(order: number, sequence: number, status: 'running' | 'completed'): StreamEnvelope {
  return {
    owner: 'visitor:v',
    messageId: 'm1',
    attempt: 'a1',
    order,
    target: 'conn-1',
    final: false,
    event: {
      type: 'ai_tool',
      message_id: 'm1',
      sequence,
      call: {
        id: 'call-1',
        step: 0,
        name: 'web_search',
        arguments: '{"query":"cats"}',
        status,
        started_at: '2026-11-29T00:00:00.000Z',
      },
    },
  };
}

function shown(sent: readonly ServerWsMessage[]): string[] {
  return sent.map((m) =>
    m.type === 'ai_token' ? m.token : m.type === 'ai_tool' ? `tool:${m.call.status}` : m.type,
  );
}

describe('SocketSession', () => {
  it('forwards at once while the socket keeps up, and merges tokens only under backpressure', () => {
    vi.useFakeTimers();
    try {
      const { s, socket } = session();
      s.offerLive(token(1, 1, 'a'));
      expect(socket.sent).toHaveLength(1);
      socket.bufferedAmount = HIGH_WATER_BYTES + 1;
      s.offerLive(token(2, 2, 'b'));
      s.offerLive(token(3, 3, 'c'));
      expect(socket.sent).toHaveLength(1);
      socket.bufferedAmount = 0;
      vi.advanceTimersByTime(20);
      expect(socket.sent.at(-1)).toMatchObject({ type: 'ai_token', token: 'bc', sequence: 3 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not start following a stream mid-way unless asked to resume', () => {
    const { s, socket } = session();
    s.offerLive(token(5, 5, 'late'));
    s.offerLive(token(1, 1, 'x', 'other-connection'));
    expect(socket.sent).toEqual([]);
  });

  it('resumes: replay after the last sequence, held live events once, no duplicates', () => {
    const { s, socket } = session();
    s.beginResume('m1');
    s.offerLive(token(3, 3, 'c'));
    s.offerLive(token(4, 4, 'd'));
    s.finishResume('m1', [token(1, 1, 'a'), token(2, 2, 'b'), token(3, 3, 'c')], 1);
    s.offerLive(token(4, 4, 'd'));
    s.offerLive(token(5, 5, 'e'));
    expect(socket.sent.map((m) => (m.type === 'ai_token' ? m.token : m.type))).toEqual([
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('never merges queued tokens across a tool event', () => {
    vi.useFakeTimers();
    try {
      const { s, socket } = session();
      s.offerLive(token(1, 1, 'a'));
      socket.bufferedAmount = HIGH_WATER_BYTES + 1;
      s.offerLive(token(2, 2, 'b'));
      s.offerLive(tool(3, 3, 'running'));
      s.offerLive(token(4, 4, 'c'));
      s.offerLive(token(5, 5, 'd'));
      socket.bufferedAmount = 0;
      vi.advanceTimersByTime(20);
      expect(shown(socket.sent)).toEqual(['a', 'b', 'tool:running', 'cd']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resumes tool events by their sequence: those after last_sequence once, none before', () => {
    const { s, socket } = session();
    const log = [
      token(1, 1, 'a'),
      tool(2, 2, 'running'),
      tool(3, 3, 'completed'),
      token(4, 4, 'b'),
      tool(5, 5, 'running'),
    ];
    s.beginResume('m1');
    s.offerLive(tool(5, 5, 'running'));
    s.offerLive(token(6, 6, 'c'));
    s.finishResume('m1', log, 2);
    s.offerLive(token(6, 6, 'c'));
    expect(shown(socket.sent)).toEqual(['tool:completed', 'b', 'tool:running', 'c']);
  });
});
