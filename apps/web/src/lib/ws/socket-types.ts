import type { AiStreamStatus, Citation, ClientWsMessage, MessageSource } from '@parallax/contract';
import type { TokenBatch } from './token-batcher';

export type SocketState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error';

/** The part of the browser's WebSocket the client uses (the `ws` package's socket has it too). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; wasClean: boolean; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Who the socket speaks for: a visitor (user_id = visitor id) or a user with a token. */
export interface SocketIdentity {
  userId: string;
  accessToken: string | null;
}

export type SocketEvent =
  | { type: 'tokens'; batches: TokenBatch[] }
  | {
      type: 'status';
      messageId: string;
      status: AiStreamStatus;
      details?: string;
      stage?: string;
      /** On completed: the project files the answer drew on. */
      sources?: MessageSource[];
      /** On completed: the answer's numbered web sources. */
      citations?: Citation[];
    }
  | { type: 'progress'; messageId: string; progress: number; stage: string }
  | { type: 'error'; messageId?: string; error: string; code: string; details?: string };

export type Outgoing = ClientWsMessage;
