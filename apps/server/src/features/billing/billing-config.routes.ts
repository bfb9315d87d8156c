import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BillingConfigResponse, ErrorBody } from '@parallax/contract';
import type { AppConfig } from '../../config';

/**
 * Whether card payments work here. Payments need the secret key (server calls) and the
 * publishable key (the browser's card form); the webhook secret is required with the secret
 * key at boot. The publishable key is meant for browsers; the secret key is never sent.
 */
export function billingConfigOf(config: AppConfig): BillingConfigResponse {
  const { secretKey, publishableKey } = config.stripe;
  const configured = secretKey !== undefined && publishableKey !== undefined;
  return { payments_configured: configured, publishable_key: configured ? publishableKey : null };
}

export const billingConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = billingConfigOf(app.config);

  app.get(
    '/billing/config',
    {
      schema: {
        tags: ['billing'],
        summary: 'Whether card payments are configured, and the publishable key when they are',
        response: { 200: BillingConfigResponse, 500: ErrorBody },
      },
    },
    () => body,
  );
};
