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
import { FEATURE_ROUTES } from './features';
import { registerAdmin } from './features/admin/admin.plugin';
import { registerAttachments } from './features/attachments/attachments.plugin';
import { registerLogRetention } from './features/telemetry/log-retention';
import { registerFeatureFlags } from './features/feature-flags/feature-flags.plugin';
import { registerConversations } from './features/conversations/conversations.plugin';
import { registerLimits } from './features/limits/limits.plugin';
import { registerPlans } from './features/billing/billing.plugin';
import { registerModels } from './features/models/models.plugin';
import type { Resolve } from './infra/outbound/address-policy';
import { registerProjects } from './features/projects/projects.plugin';
import { registerPromptTemplates } from './features/prompt-templates/prompt-templates.plugin';
import { registerSearch } from './features/search/search.plugin';
import { registerKnowledge } from './features/knowledge/knowledge.plugin';
import { registerChat, registerTurnSources } from './features/chat/chat.plugin';
import { registerCompare } from './features/compare/compare.plugin';
import { registerPromptGenerator } from './features/prompt-generator/prompt-generator.plugin';
import { publicApiRoutes } from './features/api-keys/public-api/public-api.routes';
import { registerSupport } from './features/support/support.plugin';
import { registerVault } from './features/vault/vault.plugin';
import { registerVisitors } from './features/visitors/visitors.plugin';
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
  // Before every route, so its request hook times them all.
  registerMetrics(app);

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

  // Accounts: mail, request.principal for every route, visitor claims.
  registerMailer(app);
  // Feature flags (app.featureFlags): sign-in, chat and the public config consult them.
  registerFeatureFlags(app);
  registerRequestAuth(app);
  registerVisitors(app);
  // The vault: sessions and keys that chat, search and lists consult.
  registerVault(app);
  // AI providers: app.models, the registry and its adapters.
  registerModels(app, options.resolve);
  // History search: app.searchIndex (database triggers keep its index in step with the chats).
  registerSearch(app);
  // Conversations and daily limits: one service each, shared by chat and compare.
  registerTurnSources(app);
  registerConversations(app);
  registerProjects(app);
  registerPromptTemplates(app);
  // Project knowledge files: app.knowledge and its background indexer.
  registerKnowledge(app);
  registerPlans(app);
  registerLimits(app);
  // Comparison ids allocate-id hands out; the panels chat's sends add to comparisons.
  registerCompare(app);
  // Uploaded files: app.attachments over the file storage, and their sweeper.
  registerAttachments(app);
  // Browser error reports and usage events: their retention prune.
  registerLogRetention(app);
  // Chat: bus + websocket hub, then the process's generations and send pipeline.
  await registerRealtime(app);
  registerPromptGenerator(app);
  registerSupport(app);
  await registerChat(app);
  // Admin console: the role check on every /admin route and the audit log of admin writes.
  registerAdmin(app);

  await app.register(
    async (api) => {
      for (const routes of FEATURE_ROUTES) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );

  // The OpenAI-compatible public API, authenticated by personal API keys.
  await app.register(publicApiRoutes, { prefix: PUBLIC_API_ROOT });

  await registerWebApp(app, { webDistDir: options.webDistDir ?? DEFAULT_WEB_DIST_DIR, config });
  await app.ready();
  return app;
}
