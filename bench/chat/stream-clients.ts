import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { nowMs } from '../lib/stats';
import { SseTextCounter } from './sse-chunks';

/** What one client saw of one answer: [arrived at ms, text length so far] pairs. */
export interface StreamObservation {
  tag: string;
  startedAt: number;
  firstTokenAt: number | undefined;
  arrivals: Array<[number, number]>;
  text: string;
  /** Upstream text pieces counted by this client (ws: the last token sequence). */
  tokens: number;
  error: string | undefined;
}

function newObservation(tag: string): StreamObservation {
  return {
    tag,
    startedAt: nowMs(),
    firstTokenAt: undefined,
    arrivals: [],
    text: '',
    tokens: 0,
    error: undefined,
  };
}

/** Spreads clients over 127.0.0.0/8 so the server's per-address rate limit sees many clients. */
export function loopbackAddress(index: number): string {
  const slot = Math.floor(index / 100);
  return `127.0.${1 + Math.floor(slot / 250)}.${1 + (slot % 250)}`;
}

/** Calls the OpenAI-style upstream (provider-sim itself or the floor proxy in front of it) directly. */
export function streamDirect(
  baseUrl: string,
  tag: string,
  prompt: string,
): Promise<StreamObservation> {
  const seen = newObservation(tag);
  const url = new URL('/v1/chat/completions', baseUrl);
  const body = JSON.stringify({
    model: 'gpt-5-mini',
    stream: true,
    messages: [{ role: 'user', content: prompt }],
  });
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer sk-bench',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const counter = new SseTextCounter();
        res.on('data', (chunk: Buffer) => {
          const at = nowMs();
          const before = counter.text.length;
          const length = counter.push(chunk.toString());
          if (length === before) return;
          seen.firstTokenAt ??= at;
          seen.arrivals.push([at, length]);
        });
        res.on('end', () => {
          seen.text = counter.text;
          seen.tokens = counter.chunks;
          if (res.statusCode !== 200) seen.error = `HTTP ${res.statusCode}`;
          resolve(seen);
        });
        res.on('error', (error) => {
          seen.error = error.message;
          resolve(seen);
        });
      },
    );
    req.on('error', (error) => {
      seen.error = error.message;
      resolve(seen);
    });
    req.end(body);
  });
}

function callJson(
  url: URL,
  headers: Record<string, string>,
  payload: unknown,
  { localAddress, agent }: { localAddress: string; agent: Agent | undefined },
): Promise<{ status: number; body: string }> {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        localAddress,
        ...(agent && { agent }),
        headers: {
          ...headers,
          ...(body !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A visitor with the chat screen open, ready to send one message and watch its answer: its
 * websocket, and (unless `coldConnection`) the keep-alive HTTP connection the screen's first
 * request opened (GET /api/v1/models), which its send then reuses, as a browser's would.
 * `coldConnection`: the send opens a new TCP connection instead (a pessimal client; a busy
 * Node server accepts one new connection per event-loop turn, so 50 of them queue behind
 * the work of every turn).
 */
export class ServerStreamClient {
  readonly visitorId = `visitor_${randomBytes(16).toString('hex')}`;
  readonly connectionId = `conn_${randomUUID().replaceAll('-', '')}`;
  #ws: WebSocket | undefined;
  /** A browser's own connection pool: its connections are no other client's. */
  readonly #agent: Agent | undefined;

  constructor(
    private readonly serverUrl: string,
    private readonly localAddress: string,
    coldConnection = false,
  ) {
    this.#agent = coldConnection
      ? undefined
      : new Agent({ keepAlive: true, maxSockets: 6, localAddress });
  }

  #headers(): Record<string, string> {
    return { 'x-visitor-id': this.visitorId, 'x-connection-id': this.connectionId };
  }

  async connect(timeoutMs = 15_000): Promise<void> {
    const url = new URL(`/ws/${this.connectionId}`, this.serverUrl.replace(/^http/, 'ws'));
    url.searchParams.set('user_id', this.visitorId);
    const ws = new WebSocket(url, { localAddress: this.localAddress, perMessageDeflate: false });
    this.#ws = ws;
    await new Promise<void>((resolve, reject) => {
      const onMessage = (data: WebSocket.RawData) => {
        if (String(data).includes('"connection_established"')) {
          ws.off('message', onMessage);
          resolve();
        }
      };
      ws.on('message', onMessage);
      ws.once('error', reject);
      ws.once('close', (code) =>
        reject(new Error(`socket closed (${code}) before it was established`)),
      );
      setTimeout(
        () => reject(new Error(`socket not established within ${timeoutMs} ms`)),
        timeoutMs,
      ).unref();
    });
    if (!this.#agent) return;
    const models = await callJson(
      new URL('/api/v1/models', this.serverUrl),
      this.#headers(),
      undefined,
      { localAddress: this.localAddress, agent: this.#agent },
    );
    if (models.status !== 200) throw new Error(`GET /api/v1/models answered ${models.status}`);
  }

  /** Sends `prompt` and resolves once the answer completed (or failed) on the socket. */
  stream(tag: string, prompt: string, timeoutMs: number): Promise<StreamObservation> {
    const ws = this.#ws;
    if (!ws) throw new Error('connect() first');
    const messageId = randomUUID();
    const seen = newObservation(tag);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(`no completion within ${timeoutMs} ms`), timeoutMs);
      const finish = (error?: string) => {
        clearTimeout(timer);
        ws.off('message', onMessage);
        if (error) seen.error = error;
        resolve(seen);
      };
      const onMessage = (data: WebSocket.RawData) => {
        const at = nowMs();
        const frame = JSON.parse(String(data)) as {
          type: string;
          message_id?: string;
          token?: string;
          sequence?: number;
          is_complete?: boolean;
          status?: string;
          error?: string;
        };
        if (frame.message_id !== messageId) return;
        if (frame.type === 'ai_token') {
          if (frame.token) {
            seen.firstTokenAt ??= at;
            seen.text += frame.token;
            seen.arrivals.push([at, seen.text.length]);
          }
          if (!frame.is_complete && frame.sequence !== undefined) seen.tokens = frame.sequence;
          if (frame.is_complete) finish();
        } else if (frame.type === 'error') {
          finish(frame.error ?? 'error event');
        }
      };
      ws.on('message', onMessage);
      seen.startedAt = nowMs();
      callJson(
        new URL('/api/v1/chat/messages', this.serverUrl),
        this.#headers(),
        { message: prompt, message_id: messageId, provider: 'openai', model: 'gpt-5-mini' },
        { localAddress: this.localAddress, agent: this.#agent },
      ).then(
        (answer) => {
          if (answer.status !== 200)
            finish(`send answered ${answer.status}: ${answer.body.slice(0, 200)}`);
        },
        (error: Error) => finish(`send failed: ${error.message}`),
      );
    });
  }

  close(): void {
    this.#ws?.terminate();
    this.#agent?.destroy();
  }
}
