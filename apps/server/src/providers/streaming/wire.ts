import type { ChatRequest, ChatStreamEvent } from '../chat-types';

/** What a wire decoder reports: the adapter's events, plus reasoning that only proves liveness. */
export type WireEvent = ChatStreamEvent | { type: 'reasoning' };

export interface HttpTarget {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Decodes one answer's SSE events; a fresh one per stream. Throws the upstream's errors. */
export interface SseDecoder {
  event(name: string, data: string, out: WireEvent[]): void;
  /** The stream ended: push usage and finish, or throw if the answer was cut short. */
  end(stray: string, out: WireEvent[]): void;
}

/** One streaming wire format bound to a provider's URL and credentials. */
export interface SseWire {
  target(request: ChatRequest, signal: AbortSignal): HttpTarget | Promise<HttpTarget>;
  decoder(): SseDecoder;
}

export const STREAM_ENDED_EARLY = 'upstream stream ended without a finish reason';

/**
 * An error the upstream reported inside the stream; classified by its text like an HTTP error
 * body, without a status.
 */
export class UpstreamStreamError extends Error {
  override readonly name = 'UpstreamStreamError';
}

/** JSON.parse for one event's data, with the wire's own error text when it is not JSON. */
export function parseEventJson(data: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new UpstreamStreamError(`unparsable stream event: ${data.slice(0, 200)}`);
  }
  if (typeof value !== 'object' || value === null)
    throw new UpstreamStreamError(`unexpected stream event: ${data.slice(0, 200)}`);
  return value as Record<string, unknown>;
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

export function toBase64(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

export function withoutTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
