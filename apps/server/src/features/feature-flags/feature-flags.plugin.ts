import type { FastifyInstance } from 'fastify';
import { FeatureFlagsRepository } from './feature-flags.repository';
import { FeatureFlagsService } from './feature-flags.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The feature flags of spec §1: `await app.featureFlags.isOn('two_factor')`. */
    readonly featureFlags: FeatureFlagsService;
  }
}

/** Root-level, before the features that consult a flag (sign-in, chat, the public config). */
export function registerFeatureFlags(app: FastifyInstance): void {
  app.decorate('featureFlags', new FeatureFlagsService(new FeatureFlagsRepository(app.db)));
}
