import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VISITOR_ID_PATTERN } from '@parallax/contract';
import { AppError } from '../errors';
import { METRICS_PATH } from '../metrics/metrics.plugin';
import { AccessTokens } from './access-token';
import type { Principal } from './principal';
import { SessionStateRepository } from './session-state.repository';

const METRICS_QUERY = `${METRICS_PATH}?`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks access JWTs with the app's secret. */
    readonly accessTokens: AccessTokens;
  }
}

const VISITOR_HEADER = 'x-visitor-id';
/** Paths of the OpenAI-compatible API (app.ts mounts it there). */
export const PUBLIC_API_PREFIX = '/v1/';
const INVALID_TOKEN = 'Your session has expired. Please sign in again.';
/**
 * How stale a session's "last active" may get before a call records it again: one small write
 * per active session per interval instead of one per request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 2 * 60 * 1000;
/** Longer user agents are cut: the list only needs the browser and system from the start. */
const USER_AGENT_MAX_CHARS = 512;

function isStale(lastActiveAt: string | null, now: Date): boolean {
  return (
    lastActiveAt === null || now.getTime() - Date.parse(lastActiveAt) >= SESSION_TOUCH_INTERVAL_MS
  );
}

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  return match?.[1] ?? null;
}

function visitorIdOf(request: FastifyRequest): string | null {
  const raw = request.headers[VISITOR_HEADER];
  if (raw === undefined) return null;
  // The id is a credential: a malformed one is refused, never silently replaced.
  if (typeof raw !== 'string' || !VISITOR_ID_PATTERN.test(raw)) {
    throw new AppError(
      'bad_request',
      'The X-Visitor-Id header is malformed. Reload the page to get a new visitor id.',
    );
  }
  return raw;
}

/**
 * Sets `request.principal` and `request.visitorId` on every request, before any route runs.
 * A bearer token that is present but invalid, expired or of a revoked session is a 401, even
 * on public routes, so the web client refreshes instead of silently acting as a visitor.
 */
export function registerRequestAuth(app: FastifyInstance): void {
  const tokens = new AccessTokens(app.config.jwtSecret);
  const sessions = new SessionStateRepository(app.db);
  app.decorate('accessTokens', tokens);
  app.decorateRequest('principal', null);
  app.decorateRequest('visitorId', null);

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const visitorId = visitorIdOf(request);
    request.visitorId = visitorId;
    const token = bearerToken(request);
    if (token === undefined) {
      request.principal = visitorId === null ? null : { kind: 'visitor', visitorId };
      return;
    }
    if (token === null) throw new AppError('unauthorized', INVALID_TOKEN);
    const claims = await tokens.verify(token);
    const now = new Date();
    const live =
      claims &&
      (await sessions.findLiveSession(claims.sessionId, claims.userId, now.toISOString()));
    if (!claims || !live) throw new AppError('unauthorized', INVALID_TOKEN);
    if (isStale(live.lastActiveAt, now)) {
      await sessions.recordSighting(claims.sessionId, {
        userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX_CHARS) ?? null,
        ipAddress: request.ip,
        at: now.toISOString(),
      });
    }
    const principal: Principal = {
      kind: 'user',
      userId: live.userId,
      role: live.role,
      sessionId: claims.sessionId,
    };
    request.principal = principal;
  };

  // Callback form: the public API's calls skip it, and should not pay a promise for that.
  app.addHook('onRequest', (request, _reply, done) => {
    // The public API at /v1 authenticates with API keys (its own hook), never a session.
    if (request.url.startsWith(PUBLIC_API_PREFIX)) return done();
    // Prometheus sends METRICS_TOKEN as its bearer: the route checks it (or, with no token
    // configured, answers 404 as for any path that does not exist).
    if (request.url === METRICS_PATH || request.url.startsWith(METRICS_QUERY)) return done();
    authenticate(request).then(() => done(), done);
  });
}
