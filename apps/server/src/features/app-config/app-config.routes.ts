import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, PublicConfigResponse } from '@parallax/contract';
import { billingConfigOf } from '../billing';

/**
 * GET /config: the one call the web makes at start, signed in or not. Flags are read per call
 * (an admin's change shows on the next page load everywhere); the rest is fixed at boot.
 */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { oauth } = app.auth;
  const { publishable_key: publishableKey } = billingConfigOf(app.config);

  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Feature flags, the Stripe publishable key and the sign-in providers offered',
        response: { 200: PublicConfigResponse, 500: ErrorBody },
      },
    },
    async (): Promise<PublicConfigResponse> => {
      const [flags, signInProviders] = await Promise.all([
        app.featureFlags.values(),
        oauth.enabledProviders(),
      ]);
      return {
        flags,
        stripe_publishable_key: publishableKey,
        sign_in_providers: signInProviders,
      };
    },
  );
};
