import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillingPortalResponse,
  ChangePlanPreview,
  ChangePlanRequest,
  CheckoutRequest,
  CheckoutSession,
  CurrentSubscriptionResponse,
  ErrorBody,
  InvoiceListResponse,
  SetupIntentResponse,
  Subscription,
  SubscriptionIdParams,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { guardStripe } from './stripe-errors';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  402: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};
const tags = ['billing'];
// Each call reaches Stripe: a person clicks these a few times a minute at most.
const stripeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** The signed-in user's subscription (see the contract's subscriptions.ts for the list). */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const billing = app.billing;
  app.addHook('onRequest', requireUser);

  app.get(
    '/billing/subscription',
    {
      schema: {
        tags,
        summary: "The caller's plan now and their latest subscription",
        response: { 200: CurrentSubscriptionResponse, ...errors },
      },
    },
    (request) => guardStripe(billing.current(userOf(request).userId)),
  );

  app.post(
    '/billing/checkout',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: 'Start a subscription to a paid plan; answers what the card form needs',
        body: CheckoutRequest,
        response: { 201: CheckoutSession, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await guardStripe(billing.checkout(userOf(request).userId, request.body.plan_id))),
  );

  app.get(
    '/billing/subscriptions/:subscriptionId/payment',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: "Pay an incomplete or past-due subscription's latest invoice",
        params: SubscriptionIdParams,
        response: { 200: CheckoutSession, ...errors },
      },
    },
    (request) =>
      guardStripe(billing.payment(userOf(request).userId, request.params.subscriptionId)),
  );

  app.post(
    '/billing/subscription/change-preview',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: 'What changing to another plan now would charge (proration)',
        body: ChangePlanRequest,
        response: { 200: ChangePlanPreview, ...errors },
      },
    },
    (request) =>
      guardStripe(
        billing.previewChange(
          userOf(request).userId,
          request.body.plan_id,
          request.body.proration_date,
        ),
      ),
  );

  app.post(
    '/billing/subscription/change',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: 'Change plan now; the prorated difference is invoiced at once',
        body: ChangePlanRequest,
        response: { 200: Subscription, ...errors },
      },
    },
    (request) =>
      guardStripe(
        billing.change(userOf(request).userId, request.body.plan_id, request.body.proration_date),
      ),
  );

  app.post(
    '/billing/subscription/cancel',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: 'Cancel at the end of the current period',
        response: { 200: Subscription, ...errors },
      },
    },
    (request) => guardStripe(billing.setCancelAtPeriodEnd(userOf(request).userId, true)),
  );

  app.post(
    '/billing/subscription/resume',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: 'Undo a cancellation at period end',
        response: { 200: Subscription, ...errors },
      },
    },
    (request) => guardStripe(billing.setCancelAtPeriodEnd(userOf(request).userId, false)),
  );

  app.post(
    '/billing/subscription/setup-intent',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: 'A SetupIntent to save a new card for the subscription',
        response: { 200: SetupIntentResponse, ...errors },
      },
    },
    (request) => guardStripe(billing.setupIntent(userOf(request).userId)),
  );

  app.get(
    '/billing/invoices',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: "The caller's invoices, newest first",
        response: { 200: InvoiceListResponse, ...errors },
      },
    },
    async (request) => ({
      invoices: await guardStripe(billing.invoices(userOf(request).userId)),
    }),
  );

  app.post(
    '/billing/portal',
    {
      config: stripeLimit,
      schema: {
        tags,
        summary: 'A Stripe billing portal session for the caller',
        response: { 200: BillingPortalResponse, ...errors },
      },
    },
    async (request) => ({ url: await guardStripe(billing.portal(userOf(request).userId)) }),
  );
};
