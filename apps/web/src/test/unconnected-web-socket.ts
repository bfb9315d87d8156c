import type { SocketLike } from '../lib/ws/socket-types';

/** A WebSocket that never connects: it stays connecting until it is closed, and sends nowhere. */
export class UnconnectedWebSocket implements SocketLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = UnconnectedWebSocket.CONNECTING;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  constructor(readonly url: string) {}

  send(): void {}

  close(code = 1000, reason = ''): void {
    if (this.readyState === UnconnectedWebSocket.CLOSED) return;
    this.readyState = UnconnectedWebSocket.CLOSED;
    this.onclose?.({ code, wasClean: true, reason });
  }
}
