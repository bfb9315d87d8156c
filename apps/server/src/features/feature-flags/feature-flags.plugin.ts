import fp from 'fastify-plugin';
import { FeatureFlagsRepository } from './feature-flags.repository';
import { FeatureFlagsService } from './feature-flags.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The feature flags of spec §1: `await app.featureFlags.isOn('two_factor')`. */
    readonly featureFlags: FeatureFlagsService;
  }
}

/** Consulted by sign-in, the model registry (mock_api) and the public config. */
export const featureFlagsPlugin = fp(
  async (app) => {
    app.decorate('featureFlags', new FeatureFlagsService(new FeatureFlagsRepository(app.db)));
  },
  { name: 'feature-flags' },
);
