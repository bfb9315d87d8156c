import { createHash } from 'node:crypto';
import type { WsAiProgress, WsAiStatus, WsAiToken, WsError } from '@parallax/contract';

/** A generation event as the client sees it. */
export type StreamEvent = WsAiToken | WsAiStatus | WsAiProgress | WsError;

/**
 * What travels on the bus for one generation event: the client event plus routing. `order`
 * counts every event of one attempt from 1 (tokens also carry their own `sequence`), so a
 * socket can drop what it already delivered whichever path (live, replay) it came by.
 */
export interface StreamEnvelope {
  owner: string;
  messageId: string;
  /** A retry of a failed message starts a new attempt with fresh numbering. */
  attempt: string;
  order: number;
  /** The X-Connection-Id of the send, or null. */
  target: string | null;
  /** The last event of the attempt. */
  final: boolean;
  event: StreamEvent;
}

/** Owner topics are hashed: visitor ids are credentials and must not show up in Redis. */
export function ownerTopic(ownerKey: string): string {
  return `owner:${createHash('sha256').update(ownerKey).digest('base64url').slice(0, 32)}`;
}

export function messageLog(messageId: string): string {
  return `msg:${messageId}`;
}

/**
 * The envelope last encoded in this process. Delivery to this process's own sockets hands the
 * very same string straight back (the memory bus, and the Redis bus's local delivery), so
 * decoding it again would be a JSON.parse per token for nothing.
 */
let lastEncoded: { payload: string; envelope: StreamEnvelope } | null = null;

export function encodeEnvelope(envelope: StreamEnvelope): string {
  const payload = JSON.stringify(envelope);
  lastEncoded = { payload, envelope };
  return payload;
}

export function parseEnvelope(payload: string): StreamEnvelope | null {
  if (lastEncoded !== null && lastEncoded.payload === payload) return lastEncoded.envelope;
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const envelope = value as Partial<StreamEnvelope>;
    if (
      typeof envelope.owner !== 'string' ||
      typeof envelope.messageId !== 'string' ||
      typeof envelope.attempt !== 'string' ||
      typeof envelope.order !== 'number' ||
      typeof envelope.event !== 'object' ||
      envelope.event === null
    ) {
      return null;
    }
    return envelope as StreamEnvelope;
  } catch {
    return null;
  }
}
