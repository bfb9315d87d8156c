import type { FastifyRequest } from 'fastify';
import { MESSAGES, type UserRole } from '@parallax/contract';
import { AppError } from '../errors';

/** Who is calling: a signed-in user, a visitor (X-Visitor-Id), or nobody. */
export type Principal =
  | { kind: 'user'; userId: string; role: UserRole; sessionId: string }
  | { kind: 'visitor'; visitorId: string }
  | null;

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request by the request-auth hook. */
    principal: Principal;
    /** The caller's valid X-Visitor-Id, also when a user is signed in (used to claim it). */
    visitorId: string | null;
  }
}

const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** onRequest/preHandler hook: 401 unless a user is signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.principal?.kind !== 'user') throw new AppError('unauthorized', SIGN_IN_REQUIRED);
}

/** onRequest/preHandler hook for calls open to visitors too: 401 without a user or a visitor id. */
export async function requireUserOrVisitor(request: FastifyRequest): Promise<void> {
  if (request.principal === null) throw new AppError('unauthorized', SIGN_IN_REQUIRED);
}

/** onRequest/preHandler hook: 401 without a user, 403 (spec §6 text) for a non-admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.principal?.kind === 'user' && request.principal.role !== 'admin') {
    throw new AppError('forbidden', MESSAGES.forbidden);
  }
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): UserPrincipal {
  const principal = request.principal;
  if (principal?.kind !== 'user') throw new AppError('unauthorized', SIGN_IN_REQUIRED);
  return principal;
}
