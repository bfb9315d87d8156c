import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import { createDatabase } from './db/database';
import type { DbDialect } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { FEATURE_PLUGINS, FEATURE_WIRING } from './app/feature-plugins';
import { FEATURE_ROUTES } from './app/feature-routes';
import { sharePageRoutes } from './features/shares/share-page.routes';
import { registerInDependencyOrder } from './app/register-in-order';
import type { Resolve } from './infra/outbound/address-policy';
import { registerTurnSources } from './features/chat/chat.plugin';
import { publicApiRoutes } from './features/api-keys/public-api/public-api.routes';
import { registerVisitors } from './infra/visitors/visitors.plugin';
import { registerRequestAuth } from './infra/auth/request-auth';
import { registerDrain } from './infra/drain';
import { classifyError, registerErrorHandler, sendError } from './infra/error-handler';
import { registerJsonBodyParser } from './infra/json-body';
import { registerNulGuard } from './infra/nul-guard';
import { withOptionalBodies } from './infra/openapi-optional-bodies';
import { buildLoggerOptions, type LoggerOverrides } from './infra/logger';
import { registerMailer } from './infra/mailer/mailer.plugin';
import { registerMetrics } from './infra/metrics/metrics.plugin';
import { registerRateLimit } from './infra/rate-limit';
import { docsCsp, helmetOptions, registerSecurityHeaders } from './infra/security-headers';
import { APP_VERSION } from './version';
import { registerWebApp } from './web/web-app.plugin';
import { BusNamespaceRepository } from './realtime/bus-namespace.repository';
import { registerRealtime } from './realtime/realtime.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    readonly config: AppConfig;
    /** Migrated and ready. Only repositories use it. */
    readonly db: Kysely<Database>;
    readonly dbDialect: DbDialect;
  }
}

export const API_PREFIX = '/api/v1';
export const DOCS_PREFIX = '/api/docs';
export const PUBLIC_API_ROOT = '/v1';
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

export interface BuildAppOptions {
  /** The built web app (index.html + assets/). Default: apps/web/dist. */
  webDistDir?: string;
  /** Merged over the defaults (level from LOG_LEVEL, redaction, request serializer). */
  logger?: LoggerOverrides;
  /** DNS for the outbound guard and the console's URL checks (tests simulate names). */
  resolve?: Resolve;
  /**
   * Tests only, never set from the env: the read_page tool may reach loopback and private
   * addresses, so a test can serve its pages on 127.0.0.1.
   */
  pageReadsReachPrivate?: boolean;
  /** Tests only: MCP reconnection waits (first, cap) shorter than the default 1 s → 5 min. */
  mcpBackoff?: { firstMs: number; maxMs: number };
}

/**
 * The whole server, ready to listen or to be driven with `app.inject()`: database opened and
 * migrated, plugins, feature routes under /api/v1, then the web app. `app.close()` closes the
 * database too.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: buildLoggerOptions(config, options.logger),
    genReqId: () => randomUUID(),
    // Ids are always ours: a client-chosen id could collide or smuggle text into logs.
    requestIdHeader: false,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // Contract ids may be up to 128 characters; fastify's default cap is 100.
    routerOptions: { maxParamLength: 256 },
    // Router-level rejections (malformed URL, over-long path parameter) bypass the error
    // handler; send them through the same mapping so they keep the {error, detail} shape.
    frameworkErrors: (error, request, reply) => sendError(request, reply, classifyError(error)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerDrain(app);
  registerJsonBodyParser(app);
  registerNulGuard(app);
  // Hooks on every request take fastify's callback form: an async hook costs a promise and a
  // microtask per request, which the public API's per-call budget notices.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const database = createDatabase(config.databaseUrl);
  app.addHook('onClose', () => database.close());
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbDialect', database.dialect);
  // Before every route, so its request hook times them all. The live counts are read at
  // scrape time, of parts registered below.
  registerMetrics(app, {
    openSockets: () => app.realtime.openSockets,
    runningStreams: () => app.chat.generations.runningCount,
  });

  registerSecurityHeaders(app, helmetOptions(config));
  await app.register(fastifyCookie);
  await app.register(fastifyCors, {
    origin: config.appUrl,
    credentials: true,
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
  await registerRateLimit(app, await new BusNamespaceRepository(app.db).read());
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Parallax API', version: APP_VERSION },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API key (plx_…) from the API keys page',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: withOptionalBodies(jsonSchemaTransformObject),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: docsCsp(),
    uiConfig: { validatorUrl: null },
  });

  // What every feature may read: mail, request.principal, visitor claims, the bus and sockets.
  registerMailer(app);
  registerRequestAuth(app);
  registerVisitors(app);
  await registerRealtime(app);
  // The registry of a turn's context sources, which chat reads and features join.
  registerTurnSources(app);
  // Each feature's services, in the order their declared dependencies give.
  await registerInDependencyOrder(app, FEATURE_PLUGINS, {
    ...FEATURE_WIRING,
    models: { options: () => ({ resolve: options.resolve }) },
    tools: {
      options: () => ({
        resolve: options.resolve,
        pageReadsReachPrivate: options.pageReadsReachPrivate,
      }),
    },
    mcp: { options: () => ({ resolve: options.resolve, backoff: options.mcpBackoff }) },
  });
  // The turn's step loop asks which tools a turn may offer: the built-ins and MCP servers'.
  app.turnToolbox.use(app.turnTools);

  await app.register(
    async (api) => {
      for (const routes of FEATURE_ROUTES) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );

  // The OpenAI-compatible public API, authenticated by personal API keys.
  await app.register(publicApiRoutes, { prefix: PUBLIC_API_ROOT });

  // Share links' public pages (plain HTML) and their stylesheet, outside /api.
  await app.register(sharePageRoutes);

  await registerWebApp(app, { webDistDir: options.webDistDir ?? DEFAULT_WEB_DIST_DIR, config });
  await app.ready();
  return app;
}
