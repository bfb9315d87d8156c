import { shortDigest } from '../infra/short-digest';
import type { WsAiProgress, WsAiStatus, WsAiTool, WsAiToken, WsError } from '@parallax/contract';

/** A generation event as the client sees it. */
export type StreamEvent = WsAiToken | WsAiTool | WsAiStatus | WsAiProgress | WsError;

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
  return `owner:${shortDigest(ownerKey)}`;
}

export function messageLog(messageId: string): string {
  return `msg:${messageId}`;
}

/**
 * The envelope last encoded in this process. Delivery to this process's own sockets hands the
 * very same string straight back (the memory bus, and the Redis bus's local delivery), so
 * decoding it again would be a JSON.parse per token for nothing; the event's own JSON, made
 * while encoding, is what those sockets send.
 */
let lastEncoded: { payload: string; envelope: StreamEnvelope; eventJson: string } | null = null;

type Routing = Pick<StreamEnvelope, 'owner' | 'messageId' | 'attempt' | 'target'>;

/** The start of every envelope's JSON of one attempt: the same for all its events, so made once. */
export function encodeRouting(routing: Routing): string {
  return `{"owner":${JSON.stringify(routing.owner)},"messageId":${JSON.stringify(routing.messageId)},"attempt":${JSON.stringify(routing.attempt)},"target":${JSON.stringify(routing.target)}`;
}

/** The envelope as JSON; `routing` is `encodeRouting` of the same envelope, when the caller kept it. */
export function encodeEnvelope(
  envelope: StreamEnvelope,
  routing = encodeRouting(envelope),
): string {
  const eventJson = JSON.stringify(envelope.event);
  const payload = `${routing},"order":${envelope.order},"final":${envelope.final},"event":${eventJson}}`;
  lastEncoded = { payload, envelope, eventJson };
  return payload;
}

/** The client frame for an envelope's event (already encoded when it was just published here). */
export function eventJsonOf(envelope: StreamEnvelope): string {
  return lastEncoded?.envelope === envelope
    ? lastEncoded.eventJson
    : JSON.stringify(envelope.event);
}

/**
 * Replay-log entries. The log keeps every event of a stream for minutes, and a full envelope
 * per token (~330 bytes for a 3-character token) would be most of a live stream's memory. A token
 * entry is therefore stored as a compact array, `[order, sequence, token]`, and takes the
 * stream's routing (owner, message, attempt, target) from the full entry before it. Every
 * non-token event, and every FULL_ENTRY_EVERY-th entry, is stored in full, so a log trimmed at
 * its old end still starts decoding at its next full entry.
 */
export const FULL_ENTRY_EVERY = 500;

export function encodeLogEntry(envelope: StreamEnvelope): string {
  const { event } = envelope;
  const full =
    event.type !== 'ai_token' ||
    envelope.final ||
    event.is_complete ||
    envelope.order % FULL_ENTRY_EVERY === 1;
  // JSON.stringify gives one flat string. The published payload is a template (a tree of string
  // pieces): kept as the entry, its nodes stayed in memory as long as the log.
  if (full) return JSON.stringify(envelope);
  return JSON.stringify(
    event.at === undefined
      ? [envelope.order, event.sequence, event.token]
      : [envelope.order, event.sequence, event.token, event.at],
  );
}

/** The log's entries as envelopes, oldest first; entries before its first full one are skipped. */
export function decodeLog(entries: readonly string[]): StreamEnvelope[] {
  const envelopes: StreamEnvelope[] = [];
  let routing: StreamEnvelope | null = null;
  for (const entry of entries) {
    if (entry.startsWith('[')) {
      const token = routing ? compactToken(entry, routing) : null;
      if (token) envelopes.push(token);
      continue;
    }
    const envelope = parseEnvelope(entry);
    if (!envelope) continue;
    routing = envelope;
    envelopes.push(envelope);
  }
  return envelopes;
}

function compactToken(entry: string, routing: StreamEnvelope): StreamEnvelope | null {
  let value: unknown;
  try {
    value = JSON.parse(entry);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || (value.length !== 3 && value.length !== 4)) return null;
  const [order, sequence, token, at] = value as unknown[];
  if (typeof order !== 'number' || typeof sequence !== 'number' || typeof token !== 'string')
    return null;
  if (at !== undefined && typeof at !== 'number') return null;
  return {
    owner: routing.owner,
    messageId: routing.messageId,
    attempt: routing.attempt,
    order,
    target: routing.target,
    final: false,
    event: {
      type: 'ai_token',
      message_id: routing.messageId,
      token,
      sequence,
      is_complete: false,
      ...(at === undefined ? {} : { at }),
    },
  };
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
