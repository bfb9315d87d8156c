export { ChatSocket, type ChatSocketOptions, type SocketTiming } from './chat-socket';
export { jitteredReconnectDelayMs } from './reconnect-delay';
export type { TokenBatch } from './token-batcher';
export { applyPieces, type StreamPiece, type StreamText } from './stream-text';
export type { SocketEvent, SocketIdentity, SocketLike, SocketState } from './socket-types';

/** ws:// or wss:// for the page's own host (spec §7: wss when https). */
export function socketBaseUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
}
