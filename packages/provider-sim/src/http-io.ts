import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new RangeError('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Sleeps, or stops early when `signal` aborts; returns whether the full time passed. */
/** Below this a sleep does not listen for the abort: it notices on waking, soon enough. */
const SHORT_SLEEP_MS = 100;

export async function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (ms <= 0) return true;
  // The pause between two tokens: an abort listener per token is most of its cost at
  // thousands of tokens a second.
  if (ms < SHORT_SLEEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return !signal.aborted;
  }
  try {
    await delay(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

export function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const single = Array.isArray(value) ? value[0] : value;
  return single?.trim() === '' ? undefined : single?.trim();
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
