import { VISITOR_ID_PATTERN, VISITOR_ID_PREFIX } from '@parallax/contract';
import type { FastifyRequest } from 'fastify';
import type { AccessTokens } from '../infra/auth/access-token';
import type { SessionStateRepository } from '../infra/auth/session-state.repository';
import type { ChatOwner } from '../infra/auth/chat-owner';
import type { SocketPrincipal } from './socket-session';

/** Cookie a browser may carry the access token in (the upgrade request cannot set headers). */
export const ACCESS_TOKEN_COOKIE = 'access_token';

export type SocketIdentity =
  /** A visitor: the well-formed id is the credential. */
  | { kind: 'visitor'; owner: ChatOwner }
  /** A user who still has to prove it with a token (query, cookie, or first message). */
  | { kind: 'user'; userId: string }
  | { kind: 'refused' };

/** Who `user_id` claims to be; a malformed visitor id is refused outright. */
export function claimedIdentity(userId: string): SocketIdentity {
  if (userId.startsWith(VISITOR_ID_PREFIX)) {
    return VISITOR_ID_PATTERN.test(userId)
      ? { kind: 'visitor', owner: { kind: 'visitor', id: userId } }
      : { kind: 'refused' };
  }
  return userId.length > 0 ? { kind: 'user', userId } : { kind: 'refused' };
}

/**
 * The token the upgrade request carries: `token` / `access_token` query, or the cookie. A
 * cookie rides along on any site's upgrade request, so it only counts from our own origin
 * (cross-site websocket hijacking).
 */
export function tokenFromUpgrade(
  request: FastifyRequest,
  query: { token?: string | undefined; access_token?: string | undefined },
  appUrl: string,
): string | undefined {
  const fromQuery = query.access_token ?? query.token;
  if (fromQuery !== undefined) return fromQuery;
  const cookie = request.cookies[ACCESS_TOKEN_COOKIE];
  return cookie !== undefined && request.headers.origin === appUrl ? cookie : undefined;
}

/**
 * The user behind `token`, with the sign-in session it belongs to, when it is valid, of a live
 * session, and of the claimed user id.
 */
export async function verifyUserToken(
  tokens: AccessTokens,
  sessions: SessionStateRepository,
  claimedUserId: string,
  token: string,
): Promise<SocketPrincipal | null> {
  const claims = await tokens.verify(token);
  if (!claims || claims.userId !== claimedUserId) return null;
  const live = await sessions.findLiveSession(
    claims.sessionId,
    claims.userId,
    new Date().toISOString(),
  );
  return live
    ? { owner: { kind: 'user', id: live.userId }, authSessionId: claims.sessionId }
    : null;
}
