import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../../infra/auth/principal';
import { AuditRepository } from './audit.repository';
import { AuditService, type AuditNote } from './audit.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log of admin actions. */
    readonly audit: AuditService;
  }
}

/** Every admin route lives under this path (of the API prefix). */
const ADMIN_PATH = /^\/api\/v1\/admin(\/|$)/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isAdminRoute(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  return pattern !== undefined && ADMIN_PATH.test(pattern);
}

function parseBody(payload: unknown): unknown {
  if (typeof payload !== 'string' || payload.length === 0) return null;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

/** The route pattern without the API prefix: `PATCH /admin/plans/:id`. */
function defaultNote(request: FastifyRequest, payload: unknown): AuditNote {
  const pattern = (request.routeOptions.url ?? request.url).replace(/^\/api\/v1/, '');
  const params = request.params as Record<string, unknown> | undefined;
  const id = params && typeof params.id === 'string' ? params.id : null;
  return {
    action: `${request.method} ${pattern}`,
    targetType: pattern.split('/')[2] ?? null,
    targetId: id,
    after: parseBody(payload),
  };
}

/**
 * Root-level, before the feature routes: every route under /api/v1/admin answers 401 without
 * a user and 403 (spec §6 text) for a non-admin, whatever its own plugin does, and every
 * successful admin write is recorded in the audit log before its answer leaves.
 */
export function registerAdmin(app: FastifyInstance): void {
  const audit = new AuditService(new AuditRepository(app.db));
  app.decorate('audit', audit);
  app.decorateRequest('auditNote', null);

  // After body parsing (a malformed body is 400 for anyone), before validation (a non-admin
  // learns nothing of the schema). The role is read from the database per request.
  // Callback-form hooks: they run on every request, and most are not admin routes.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isAdminRoute(request)) return done();
    requireAdmin(request).then(() => done(), done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const principal = request.principal;
    if (
      !WRITE_METHODS.has(request.method) ||
      reply.statusCode >= 400 ||
      !isAdminRoute(request) ||
      principal?.kind !== 'user'
    )
      return done(null, payload);
    const note = request.auditNote ?? defaultNote(request, payload);
    audit.record(principal.userId, request.id, note).then(() => done(null, payload), done);
  });
}
