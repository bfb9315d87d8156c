import { z } from 'zod';
import { parseJson } from '../parse-json';
import { Id } from './common';
import { MessageSource } from './knowledge';
import { Citation, WsAiTool } from './tools';

/*
 * Websocket /ws/{connectionId}?user_id=… (spec §7, ARCHITECTURE "Wire conventions").
 * Generation events carry message_id; ai_token carries a per-message `sequence` starting at 1,
 * which a reconnecting client sends back as `last_sequence` to get every later token once.
 */

/** Path and query of the upgrade request. `access_token` is one of the three ways to authenticate. */
export const WsConnectParams = z.object({ connectionId: z.string().min(1).max(128) });
export type WsConnectParams = z.infer<typeof WsConnectParams>;

export const WsConnectQuery = z.object({
  user_id: z.string().min(1).max(128),
  access_token: z.string().min(1).optional(),
});
export type WsConnectQuery = z.infer<typeof WsConnectQuery>;

// Client → server

export const WsPing = z.object({ type: z.literal('ping'), timestamp: z.number() });
export type WsPing = z.infer<typeof WsPing>;

/** `last_sequence` 0 asks for the whole stream from its first token. */
export const WsResume = z.object({
  type: z.literal('resume'),
  message_id: Id,
  last_sequence: z.int().nonnegative(),
});
export type WsResume = z.infer<typeof WsResume>;

/** First-message authentication, for clients that cannot put the token in the URL or a cookie. */
export const WsAuth = z.object({ type: z.literal('auth'), access_token: z.string().min(1) });
export type WsAuth = z.infer<typeof WsAuth>;

export const ClientWsMessage = z.discriminatedUnion('type', [WsPing, WsResume, WsAuth]);
export type ClientWsMessage = z.infer<typeof ClientWsMessage>;

// Server → client

export const WsConnectionEstablished = z.object({
  type: z.literal('connection_established'),
  connection_id: z.string().min(1),
});
export type WsConnectionEstablished = z.infer<typeof WsConnectionEstablished>;

export const WsPong = z.object({ type: z.literal('pong'), timestamp: z.number() });
export type WsPong = z.infer<typeof WsPong>;

export const WsAiToken = z.object({
  type: z.literal('ai_token'),
  message_id: Id,
  /** May be empty on the closing event (is_complete true). */
  token: z.string(),
  sequence: z.int().positive(),
  is_complete: z.boolean(),
  /**
   * When the server produced the token (epoch ms). Replays keep the original time, so a client
   * that resumes measures speed and first-token time from these, not from the replay's arrival.
   */
  at: z.int().nonnegative().optional(),
});
export type WsAiToken = z.infer<typeof WsAiToken>;

export const AiStreamStatus = z.enum([
  'initializing',
  'processing',
  'working',
  'streaming',
  'completed',
  'error',
]);
export type AiStreamStatus = z.infer<typeof AiStreamStatus>;

export const WsAiStatus = z.object({
  type: z.literal('ai_status'),
  status: AiStreamStatus,
  details: z.string().optional(),
  message_id: Id,
  /** Human-readable working stage ("Searching", "Thinking"...), shown with elapsed seconds. */
  stage: z.string().optional(),
  /** On `completed`: the project files the answer drew on (its "Sources"), when any. */
  sources: z.array(MessageSource).optional(),
  /** On `completed`: the answer's numbered web sources (tool results), when any. */
  citations: z.array(Citation).optional(),
});
export type WsAiStatus = z.infer<typeof WsAiStatus>;

export const WsAiProgress = z.object({
  type: z.literal('ai_progress'),
  /** Percent, 0–100. */
  progress: z.number().min(0).max(100),
  stage: z.string(),
  message_id: Id,
});
export type WsAiProgress = z.infer<typeof WsAiProgress>;

/** `error` is the server's text (mapped to a user message by WS_ERROR_MAPPING), `code` a machine code. */
export const WsError = z.object({
  type: z.literal('error'),
  error: z.string(),
  code: z.string(),
  details: z.string().optional(),
  message_id: Id.optional(),
});
export type WsError = z.infer<typeof WsError>;

export const ServerWsMessage = z.discriminatedUnion('type', [
  WsConnectionEstablished,
  WsPong,
  WsAiToken,
  WsAiStatus,
  WsAiProgress,
  WsAiTool,
  WsError,
]);
export type ServerWsMessage = z.infer<typeof ServerWsMessage>;

/** A frame from the server, or null when it is not JSON or not a known, well-formed message. */
export function parseServerWsMessage(raw: string): ServerWsMessage | null {
  const result = ServerWsMessage.safeParse(parseJson(raw));
  return result.success ? result.data : null;
}

/** A frame from a client, or null when it is not JSON or not a known, well-formed message. */
export function parseClientWsMessage(raw: string): ClientWsMessage | null {
  const result = ClientWsMessage.safeParse(parseJson(raw));
  return result.success ? result.data : null;
}
