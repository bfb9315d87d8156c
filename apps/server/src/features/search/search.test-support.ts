import { randomUUID } from 'node:crypto';
import type { Conversation, SearchHit, SearchResponse } from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import { newVisitorId, SIM_MODEL, visitorHeaders } from '../../../test/chat';

/** Headers naming an owner: a visitor's id or a user's bearer token. */
export type OwnerHeaders = Record<string, string>;

export async function searchAs(
  app: FastifyInstance,
  headers: OwnerHeaders,
  params: Record<string, string>,
): Promise<{ status: number; body: SearchResponse }> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/search',
    query: params,
    headers,
  });
  return { status: res.statusCode, body: res.json<SearchResponse>() };
}

/** The hits of a search that must answer 200. */
export async function hitsFor(
  app: FastifyInstance,
  headers: OwnerHeaders,
  params: Record<string, string>,
): Promise<SearchHit[]> {
  const { status, body } = await searchAs(app, headers, params);
  if (status !== 200) throw new Error(`search answered ${status}: ${JSON.stringify(body)}`);
  return body.hits;
}

export async function createChat(
  app: FastifyInstance,
  headers: OwnerHeaders,
  body: Record<string, unknown>,
): Promise<Conversation> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/chat/conversations/',
    headers,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`create chat: ${res.statusCode} ${res.body}`);
  return res.json<Conversation>();
}

/**
 * Stores a turn straight in the messages table, as an import or a finished generation leaves
 * it: the index must follow whatever path wrote the row.
 */
export async function insertTurn(
  app: FastifyInstance,
  chat: Conversation,
  owner: { user_id: string | null; visitor_id: string | null },
  turn: { content: string; response?: string | null; status?: string; createdAt?: string },
): Promise<string> {
  const id = randomUUID();
  const at = turn.createdAt ?? new Date().toISOString();
  await app.db
    .insertInto('messages')
    .values({
      id,
      ...owner,
      conversation_id: chat.id,
      content: turn.content,
      response: turn.response ?? null,
      provider: SIM_MODEL.provider,
      model: SIM_MODEL.model,
      model_friendly_name: 'GPT-5 mini',
      status: turn.status ?? 'completed',
      request_id: randomUUID(),
      include_history: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A fresh visitor: its id, request headers and the owner columns of its rows. */
export function newVisitor() {
  const id = newVisitorId();
  return { id, headers: visitorHeaders(id), owner: { user_id: null, visitor_id: id } };
}
