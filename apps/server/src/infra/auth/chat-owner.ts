import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { shortDigest } from '../short-digest';

/**
 * Who owns chat data: a signed-in user or a visitor. Every chat query is narrowed to one
 * owner, and a row of another owner is reported as missing (404), never as forbidden.
 */
export type ChatOwner = { kind: 'user'; id: string } | { kind: 'visitor'; id: string };

/** Column values for a row owned by `owner`; null: a row no account owns (a vault turn's). */
export function ownerColumns(owner: ChatOwner | null): {
  user_id: string | null;
  visitor_id: string | null;
} {
  if (owner === null) return { user_id: null, visitor_id: null };
  return owner.kind === 'user'
    ? { user_id: owner.id, visitor_id: null }
    : { user_id: null, visitor_id: owner.id };
}

/**
 * A stable, non-secret key for the owner (limit counters, bus routing, replay logs). Visitor
 * ids are credentials, so only their hash leaves the process.
 */
export function ownerKey(owner: ChatOwner): string {
  if (owner.kind === 'user') return `user:${owner.id}`;
  return `visitor:${shortDigest(owner.id)}`;
}

/** The owner of a request guarded by requireUserOrVisitor. */
export function chatOwnerOf(request: FastifyRequest): ChatOwner {
  const principal = request.principal;
  if (principal?.kind === 'user') return { kind: 'user', id: principal.userId };
  if (principal?.kind === 'visitor') return { kind: 'visitor', id: principal.visitorId };
  throw new AppError('unauthorized', 'Please sign in to continue.');
}
