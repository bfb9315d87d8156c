import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPlanListResponse,
  CreatePlanRequest,
  ErrorBody,
  IdParams,
  Plan,
  ReorderPlansRequest,
  UpdatePlanRequest,
} from '@parallax/contract';
import { requireAdmin } from '../../infra/auth/principal';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['plans'];
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** /admin/plans: admins only (403 with the spec's text for anyone else). */
export const adminPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.plans;
  // After body parsing (a malformed body is 400 for anyone), before validation (a non-admin
  // learns nothing of the schema).
  app.addHook('preValidation', requireAdmin);

  app.get(
    '/admin/plans',
    {
      schema: {
        tags,
        summary: 'Every plan, archived ones too, in display order',
        response: { 200: AdminPlanListResponse, ...errors },
      },
    },
    async () => ({ plans: await service.listAll() }),
  );

  app.post(
    '/admin/plans',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Create a paid plan (placed last)',
        body: CreatePlanRequest,
        response: { 201: Plan, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.post(
    '/admin/plans/examples',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Create the example paid plans (only while no active paid plan exists)',
        response: { 201: AdminPlanListResponse, 409: ErrorBody, ...errors },
      },
    },
    async (_request, reply) => reply.code(201).send({ plans: await service.createExamples() }),
  );

  app.patch(
    '/admin/plans/:id',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Edit a plan; archived takes it off /pricing (its users keep it)',
        params: IdParams,
        body: UpdatePlanRequest,
        response: { 200: Plan, ...errors },
      },
    },
    (request) => service.update(request.params.id, request.body),
  );

  app.put(
    '/admin/plans/order',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Set the display order: every plan id once, first shown first',
        body: ReorderPlansRequest,
        response: { 200: AdminPlanListResponse, ...errors },
      },
    },
    async (request) => ({ plans: await service.reorder(request.body.plan_ids) }),
  );
};
