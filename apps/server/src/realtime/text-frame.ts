import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { coalesceThisTick } from './tick-cork';

/** The parts of a `ws` WebSocket this module relies on (ws 8; checked at every call). */
interface WsInternals {
  _socket?: Socket | null;
  _sender?: { _state?: unknown; _queue?: unknown[]; _firstFragment?: unknown } | null;
}

/** ws's Sender state when it is not compressing or reading a blob, i.e. has nothing of its own queued. */
const SENDER_IDLE = 0;
const FIN_TEXT = 0x81;

/**
 * Sends `text` as one unfragmented, unmasked text frame in a single socket write.
 *
 * ws's own `send` hands the header and the payload to the socket as two chunks (cork, two
 * writes, uncork, then a writev through the stream machinery). At 1,000 streams that JS is
 * the largest cost of a token after the system call itself; one buffer goes down the short
 * path of `socket.write`. Frames stay in order with ws's own (pings, close) because both go
 * through the same socket's write queue; when ws holds frames in its own queue (compression or
 * a blob in progress, which this server never uses) or its internals look different, `ws.send`
 * is used instead.
 */
export function sendTextFrame(ws: WebSocket, text: string): void {
  const { _socket: socket, _sender: sender } = ws as unknown as WsInternals;
  if (
    !socket ||
    socket.destroyed ||
    sender?._state !== SENDER_IDLE ||
    // A fragmented message in progress must not get a frame in between its fragments.
    sender._firstFragment !== true ||
    !Array.isArray(sender._queue) ||
    sender._queue.length > 0
  ) {
    ws.send(text);
    return;
  }
  coalesceThisTick(socket);
  socket.write(encodeTextFrame(text));
}

/** RFC 6455 §5.2: FIN + text opcode, then a 7-bit, 16-bit or 64-bit payload length. */
export function encodeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = FIN_TEXT;
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.write(text, header, 'utf8');
  return frame;
}
