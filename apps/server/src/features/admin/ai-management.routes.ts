import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminModel,
  AdminModelListResponse,
  CreateModelRequest,
  ErrorBody,
  IdParams,
  ProviderHealth,
  ProviderParams,
  ProviderSettings,
  ProviderSettingsListResponse,
  ProviderTestResponse,
  UpdateModelRequest,
  UpdateProviderSettingsRequest,
  UsageQuery,
  UsageResponse,
} from '@parallax/contract';
import { userOf } from '../../infra/auth/principal';
import { announceRegistryChange } from '../models';
import { noteAudit } from '../../infra/audit-note';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['admin'];
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
// Each test is a real upstream call: a few a minute are plenty.
const testLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** /admin/ai-management: providers, models and usage (admins only, see admin.plugin.ts). */
export const aiManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const usage = app.adminUsage;

  app.get(
    '/admin/providers',
    {
      schema: {
        tags,
        summary: "Every provider's settings in effect (keys shown by their last 4 characters)",
        response: { 200: ProviderSettingsListResponse, ...errors },
      },
    },
    async () => ({ providers: await app.providerSettings.describeAll() }),
  );

  app.patch(
    '/admin/providers/:provider',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Enable, set or rotate the key, set the base URL (checked against SSRF)',
        params: ProviderParams,
        body: UpdateProviderSettingsRequest,
        response: { 200: ProviderSettings, ...errors },
      },
    },
    async (request) => {
      const { provider } = request.params;
      const before = await app.providerSettings.describe(provider);
      await app.providerSettings.update(provider, request.body, userOf(request).userId);
      await app.modelsAdmin.forgetHealth(provider);
      const after = await app.providerSettings.describe(provider);
      await announceRegistryChange(app);
      noteAudit(request, {
        action: request.body.api_key !== undefined ? 'provider.key_rotated' : 'provider.update',
        targetType: 'provider',
        targetId: provider,
        before,
        after,
      });
      return after;
    },
  );

  app.post(
    '/admin/providers/:provider/test',
    {
      config: testLimit,
      schema: {
        tags,
        summary: "Test connection: a minimal call to the provider's default or first model",
        params: ProviderParams,
        response: { 200: ProviderTestResponse, ...errors },
      },
    },
    async (request) => {
      const result = await app.modelsAdmin.testConnection(request.params.provider);
      noteAudit(request, {
        action: 'provider.test',
        targetType: 'provider',
        targetId: request.params.provider,
        after: result,
      });
      return result;
    },
  );

  app.post(
    '/admin/providers/:provider/check',
    {
      config: testLimit,
      schema: {
        tags,
        summary:
          'Check now: probes the provider (the connection test) and answers its health; 409 when it has no key',
        params: ProviderParams,
        response: { 200: ProviderHealth, ...errors },
      },
    },
    (request) => app.modelsAdmin.checkHealth(request.params.provider),
  );

  app.get(
    '/admin/models',
    {
      schema: {
        tags,
        summary: 'Every model, disabled ones too, in picker order',
        response: { 200: AdminModelListResponse, ...errors },
      },
    },
    async () => ({ models: await app.modelsAdmin.list() }),
  );

  app.post(
    '/admin/models',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Add a model (placed last in the picker)',
        body: CreateModelRequest,
        response: { 201: AdminModel, ...errors },
      },
    },
    async (request, reply) => {
      const created = await app.modelsAdmin.create(request.body);
      await announceRegistryChange(app);
      noteAudit(request, {
        action: 'model.create',
        targetType: 'model',
        targetId: created.id,
        after: created,
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/admin/models/:id',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Edit a model, enable or disable it, or make it the default',
        params: IdParams,
        body: UpdateModelRequest,
        response: { 200: AdminModel, ...errors },
      },
    },
    async (request) => {
      const before = await app.modelsAdmin.get(request.params.id);
      const after = await app.modelsAdmin.update(request.params.id, request.body);
      await announceRegistryChange(app);
      noteAudit(request, {
        action: 'model.update',
        targetType: 'model',
        targetId: after.id,
        before,
        after,
      });
      return after;
    },
  );

  app.get(
    '/admin/usage',
    {
      schema: {
        tags,
        summary: 'Usage per provider and model per day: messages, tokens, cost, errors, TTFT',
        querystring: UsageQuery,
        response: { 200: UsageResponse, ...errors },
      },
    },
    (request) => usage.usage(request.query),
  );

  app.get(
    '/admin/usage/export',
    {
      schema: {
        tags,
        summary: 'The same usage as CSV',
        querystring: UsageQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await usage.csv(request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="parallax-usage.csv"')
        .send(csv);
    },
  );
};
