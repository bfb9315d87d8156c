import type { FastifyRequest } from 'fastify';

/** What a route tells the audit log about the action it just did. */
export interface AuditNote {
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route (noteAudit) to name its action and snapshots; the audit hook writes it. */
    auditNote: AuditNote | null;
  }
}

/**
 * Names the admin action of this request for the audit log. Admin writes that never call it
 * are still recorded by the admin feature's audit hook, by method and route, with the
 * response as `after`. Here, below the features, so any feature's admin routes can name theirs.
 */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = note;
}
