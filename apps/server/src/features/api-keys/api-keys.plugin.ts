import fp from 'fastify-plugin';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { ApiAccessService } from './public-api/api-access.service';
import { ApiCallRecorder } from './public-api/call-recorder';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user's personal API keys. */
    readonly apiKeys: ApiKeysService;
    /** The public API's key checks and the record of its calls. */
    readonly apiAccess: ApiAccessService;
  }
}

/** Keys name registry models and are capped by the owner's plan. */
export const apiKeysPlugin = fp(
  async (app) => {
    const repository = new ApiKeysRepository(app.db);
    const { models, limits } = app;
    app.decorate(
      'apiKeys',
      new ApiKeysService(
        repository,
        async () => new Set((await models.list()).map((m) => m.id)),
        (userId) => limits.rulesFor({ kind: 'user', id: userId }),
      ),
    );
    const recorder = new ApiCallRecorder(repository, app.log);
    app.decorate('apiAccess', new ApiAccessService(repository, limits, recorder));
    // Registered after the database's close: onClose hooks run last-registered first.
    app.addHook('onClose', () => recorder.close());
  },
  { name: 'api-keys', dependencies: ['models', 'limits'] },
);
