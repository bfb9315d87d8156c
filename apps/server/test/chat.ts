import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  startProviderSim,
  type ProviderSim,
  type ProviderSimOptions,
} from '@parallax/provider-sim';
import type { MessageResponse, ServerWsMessage } from '@parallax/contract';
import { parseServerWsMessage } from '@parallax/contract';
import WebSocket from 'ws';
import type { Env } from '../src/config';
import { createTestApp, type TestApp, type TestAppOverrides } from './app';

/** A well-formed visitor id (visitor_ + 128 random bits). */
export function newVisitorId(): string {
  return `visitor_${randomBytes(16).toString('hex')}`;
}

/** The seeded OpenAI model, answered by the test's provider-sim. */
export const SIM_MODEL = { provider: 'openai', model: 'gpt-5-mini' } as const;

export interface ChatTestApp extends TestApp {
  sim: ProviderSim;
  /** http://127.0.0.1:<port> of the listening app. */
  baseUrl: string;
}

/**
 * The real app, listening on a free port (websockets need a socket), with OpenAI pointed at a
 * fresh provider-sim, and REDIS_URL passed on when the suite runs with it.
 */
export async function createChatTestApp(
  overrides: TestAppOverrides & { env?: Env; simDefaults?: ProviderSimOptions['defaults'] } = {},
): Promise<ChatTestApp> {
  const sim = await startProviderSim({
    port: 0,
    host: '127.0.0.1',
    defaults: { ttftMs: 5, tokensPerSecond: 2_000, lengthTokens: 20, ...overrides.simDefaults },
  });
  const env: Env = {
    OPENAI_API_KEY: 'sk-test-chat',
    OPENAI_BASE_URL: sim.baseUrls.openai,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...overrides.env,
  };
  let t: TestApp;
  try {
    t = await createTestApp({ ...overrides, env });
  } catch (error) {
    await sim.close();
    throw error;
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    ...t,
    sim,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await t.close();
      await sim.close();
    },
  };
}

export function visitorHeaders(visitorId: string, connectionId?: string): Record<string, string> {
  return {
    'x-visitor-id': visitorId,
    ...(connectionId ? { 'x-connection-id': connectionId } : {}),
  };
}

export function sendBody(
  message: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { message, message_id: randomUUID(), ...SIM_MODEL, ...extra };
}

/** POST /chat/messages through the network (not inject), as a browser would. */
export async function postJson(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

export function asMessage(json: unknown): MessageResponse {
  return json as MessageResponse;
}

/** A test websocket client that records every frame. */
export class TestSocket {
  readonly frames: ServerWsMessage[] = [];
  readonly #waiters = new Set<() => void>();
  closeCode: number | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = parseServerWsMessage(data.toString());
      if (frame) this.frames.push(frame);
      for (const wake of [...this.#waiters]) wake();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      for (const wake of [...this.#waiters]) wake();
    });
  }

  /** Opens /ws/{connectionId}?user_id=…[&token=…] and waits for connection_established (or a close). */
  static async open(
    baseUrl: string,
    connectionId: string,
    userId: string,
    options: { token?: string; established?: boolean } = {},
  ): Promise<TestSocket> {
    const url = new URL(`/ws/${connectionId}`, baseUrl.replace(/^http/, 'ws'));
    url.searchParams.set('user_id', userId);
    if (options.token) url.searchParams.set('token', options.token);
    const socket = new TestSocket(new WebSocket(url));
    await new Promise<void>((resolve, reject) => {
      socket.ws.once('open', () => resolve());
      socket.ws.once('error', reject);
      socket.ws.once('close', () => resolve());
    });
    if (options.established !== false)
      await socket.waitFor((f) => f.type === 'connection_established');
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Resolves with the first recorded frame matching, waiting up to `timeoutMs`. */
  waitFor<T extends ServerWsMessage>(
    predicate: (frame: ServerWsMessage) => frame is T,
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(
    predicate: (frame: ServerWsMessage) => boolean,
    timeoutMs?: number,
  ): Promise<ServerWsMessage>;
  waitFor(
    predicate: (frame: ServerWsMessage) => boolean,
    timeoutMs = 10_000,
  ): Promise<ServerWsMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.frames.find(predicate);
        if (found) {
          cleanup();
          resolve(found);
        } else if (this.closeCode !== undefined) {
          cleanup();
          reject(new Error(`socket closed (${this.closeCode}) before the frame arrived`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((f) => f.type))}`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
      };
      this.#waiters.add(check);
      check();
    });
  }

  /** Resolves with the close code once the server closed the socket. */
  closed(timeoutMs = 5_000): Promise<number> {
    if (this.closeCode !== undefined) return Promise.resolve(this.closeCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket did not close')), timeoutMs);
      this.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  /** Tokens of one message, in arrival order. */
  tokens(
    messageId: string,
  ): { token: string; sequence: number; is_complete: boolean; at?: number | undefined }[] {
    return this.frames.flatMap((f) =>
      f.type === 'ai_token' && f.message_id === messageId ? [f] : [],
    );
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * Sends `text` as a JSON send with `headers` (naming the socket's connection id) and, when the
 * answer streams, waits for it to complete on `socket`: the send's answer and the tokens the
 * socket got for it.
 */
export async function sendAndFollow(
  socket: TestSocket,
  baseUrl: string,
  headers: Record<string, string>,
  text: string,
  timeoutMs?: number,
): Promise<{ sent: MessageResponse; tokens: ReturnType<TestSocket['tokens']> }> {
  const sent = asMessage(
    (await postJson(baseUrl, '/api/v1/chat/messages', headers, sendBody(text))).json,
  );
  if (sent.status === 'streaming') {
    await socket.waitFor(
      (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === sent.id,
      timeoutMs,
    );
  }
  return { sent, tokens: socket.tokens(sent.id) };
}
