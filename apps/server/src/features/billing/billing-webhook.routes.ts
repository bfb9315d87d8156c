import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, PAYMENTS_NOT_CONFIGURED_MESSAGE, WebhookAck } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import { guardStripe } from './stripe-errors';
import { parseStripeEvent } from './stripe-event.schema';
import { WEBHOOK_TOLERANCE_SECONDS } from './billing-webhooks.service';

/** Stripe's events are small; anything larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /billing/webhook: Stripe's events. The signature covers the exact bytes sent, so this
 * plugin (encapsulated) keeps the body raw instead of parsing JSON.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = app.billing.deps.stripe;
  const secret = app.config.stripe.webhookSecret;
  const webhooks = app.billingWebhooks;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/billing/webhook',
    {
      // Stripe retries and bursts; its deliveries come from a few addresses.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['billing'],
        summary: "Stripe's webhook events (signed; the raw body is verified)",
        response: { 200: WebhookAck, 400: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body))
        throw new AppError('bad_request', 'Missing Stripe-Signature header or body.');
      if (webhooks === null || stripe === null || secret === undefined)
        throw new AppError('payments_not_configured', PAYMENTS_NOT_CONFIGURED_MESSAGE);
      let verified: unknown;
      try {
        verified = stripe.webhooks.constructEvent(
          body,
          signature,
          secret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        throw new AppError('bad_request', 'Invalid Stripe signature.');
      }
      const parsed = parseStripeEvent(verified);
      if (!parsed.ok) {
        // Signed yet not an event: the secret is known elsewhere or Stripe changed its shape.
        request.log.warn({ problem: parsed.problem }, 'signed webhook body is not a Stripe event');
        throw new AppError('bad_request', `Not a Stripe event: ${parsed.problem}`);
      }
      // A failure here (Stripe unreachable for the re-fetch) is a 5xx: Stripe sends it again.
      const { duplicate } = await guardStripe(webhooks.handle(parsed.verified));
      return { received: true as const, duplicate };
    },
  );
};
