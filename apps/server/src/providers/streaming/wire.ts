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

/**
 * A format's non-streamed request, where the upstream offers one: its whole JSON answer decoded
 * into the events a stream of it would yield (text at most once, then usage and finish).
 */
export interface WholeAnswerWire {
  target(request: ChatRequest, signal: AbortSignal): HttpTarget | Promise<HttpTarget>;
  /** Throws what the stream's decoder throws for the same fault. */
  decode(body: string): WireEvent[];
}

/** One streaming wire format bound to a provider's URL and credentials. */
export interface SseWire {
  target(request: ChatRequest, signal: AbortSignal): HttpTarget | Promise<HttpTarget>;
  decoder(): SseDecoder;
  whole?: WholeAnswerWire;
}

export const STREAM_ENDED_EARLY = 'upstream stream ended without a finish reason';

/**
 * An error the upstream reported inside the stream; classified by its text like an HTTP error
 * body, without a status.
 */
export class UpstreamStreamError extends Error {
  override readonly name = 'UpstreamStreamError';
}

/**
 * The upstream answered 2xx but not in its wire format's shape (not JSON, a field of the wrong
 * type). Not a transport or service failure: the user sees spec §5's validation text.
 */
export class UpstreamReplyInvalid extends Error {
  override readonly name = 'UpstreamReplyInvalid';
}

/** Throws UpstreamReplyInvalid naming what was wrong and quoting the start of the event. */
export function invalidReply(what: string, data: string): never {
  throw new UpstreamReplyInvalid(`${what}: ${data.slice(0, 200)}`);
}

/** JSON.parse for one event's data (or a whole answer); anything but a JSON object is a malformed reply. */
export function parseEventJson(data: string, what = 'stream event'): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return invalidReply(`${what} is not JSON`, data);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return invalidReply(`${what} is not a JSON object`, data);
  return value as Record<string, unknown>;
}

/** A field that must be a string when present (null counts as absent, as providers send it). */
export function optionalString(value: unknown, what: string, data: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : invalidReply(`${what} is not a string`, data);
}

/** A field that must be an object when present. */
export function optionalRecord(
  value: unknown,
  what: string,
  data: string,
): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  const record = asRecord(value);
  return record && !Array.isArray(value) ? record : invalidReply(`${what} is not an object`, data);
}

/** A field that must be an array when present; absent reads as empty. */
export function optionalArray(value: unknown, what: string, data: string): readonly unknown[] {
  if (value === undefined || value === null) return [];
  return requiredArray(value, what, data);
}

export function requiredArray(value: unknown, what: string, data: string): readonly unknown[] {
  return Array.isArray(value)
    ? (value as unknown[])
    : invalidReply(`${what} is not an array`, data);
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
