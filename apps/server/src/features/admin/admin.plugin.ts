import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin } from '../../infra/auth/principal';
import { AdminReportsRepository } from './admin-reports.repository';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { AuditRepository } from './audit.repository';
import type { AuditNote } from '../../infra/audit-note';
import { AuditService } from './audit.service';
import { DashboardService } from './dashboard.service';
import { UsageService } from './usage.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log of admin actions. */
    readonly audit: AuditService;
    readonly adminUsers: AdminUsersService;
    readonly adminDashboard: DashboardService;
    readonly adminUsage: UsageService;
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
 * The admin console: it reads the other features' services (accounts, billing, models) and
 * none of them reads it. Its request hooks are root-level, so they guard every admin route.
 */
export const adminPlugin = fp(
  async (app) => {
    const reports = new AdminReportsRepository(app.db);
    const { auth, accountAdmin } = app.auth;
    const { realtime, billingAdmin, modelsAdmin } = app;
    app.decorate(
      'adminUsers',
      new AdminUsersService(
        new AdminUsersRepository(app.db),
        accountAdmin,
        (id) => auth.resendCodeFor(id),
        (id) => realtime.signOut({ kind: 'user', id }),
        app.chat.stats,
      ),
    );
    app.decorate(
      'adminDashboard',
      new DashboardService(reports, () => billingAdmin.figures(), app.chat.stats),
    );
    app.decorate(
      'adminUsage',
      new UsageService(reports, () => modelsAdmin.list(), app.chat.stats, app.chat.feedback),
    );
    registerAuditLog(app);
  },
  {
    name: 'admin',
    dependencies: ['auth', 'billing', 'models', 'chat'],
    decorators: { fastify: ['realtime'] },
  },
);

/**
 * Every route under /api/v1/admin answers 401 without a user and 403 (spec §6 text) for a
 * non-admin, whatever its own plugin does, and every successful admin write is recorded in
 * the audit log before its answer leaves.
 */
function registerAuditLog(app: FastifyInstance): void {
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
