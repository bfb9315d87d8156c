import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCancelSubscriptionRequest,
  AdminSubscriptionDetail,
  AdminSubscriptionListQuery,
  AdminSubscriptionListResponse,
  ErrorBody,
  IdParams,
  SubscriptionFigures,
} from '@parallax/contract';
import { requireAdmin } from '../../infra/auth/principal';
import { guardStripe } from './stripe-errors';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 503: ErrorBody };
const tags = ['billing'];

/** /admin/subscriptions: admins only (403 with the spec's text for anyone else). */
export const adminSubscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.billingAdmin;
  app.addHook('preValidation', requireAdmin);

  app.get(
    '/admin/subscriptions',
    {
      schema: {
        tags,
        summary: 'Subscriptions, newest first, by status, plan and part of the email',
        querystring: AdminSubscriptionListQuery,
        response: { 200: AdminSubscriptionListResponse, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/admin/subscriptions/figures',
    {
      schema: {
        tags,
        summary: 'MRR, active subscribers per plan, churn over the last 30 days',
        response: { 200: SubscriptionFigures, ...errors },
      },
    },
    () => service.figures(),
  );

  app.get(
    '/admin/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'A subscription with its invoices and webhook events',
        params: IdParams,
        response: { 200: AdminSubscriptionDetail, ...errors },
      },
    },
    (request) => guardStripe(service.detail(request.params.id)),
  );

  app.post(
    '/admin/subscriptions/:id/cancel',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Cancel a subscription now, or at the end of its period',
        params: IdParams,
        body: AdminCancelSubscriptionRequest,
        response: { 200: AdminSubscriptionDetail, ...errors },
      },
    },
    (request) => guardStripe(service.cancel(request.params.id, request.body.at_period_end)),
  );
};
