import type { FastifyRequest } from 'fastify';
import { HTTP } from '@parallax/contract';
import { ownerKey, type ChatOwner } from '../infra/auth/chat-owner';

/**
 * The request's X-Connection-Id when it names a live socket of the caller: only then does an
 * answer stream to it. Any other value (absent, oversized, another owner's socket) means "reply
 * over HTTP only", so a forged id can never receive someone else's tokens.
 */
export async function liveConnectionOf(
  request: FastifyRequest,
  owner: ChatOwner,
): Promise<string | null> {
  const header = request.headers[HTTP.connectionIdHeader.toLowerCase()];
  if (typeof header !== 'string' || header.length === 0 || header.length > 128) return null;
  return (await request.server.realtime.isLive(header, ownerKey(owner))) ? header : null;
}
