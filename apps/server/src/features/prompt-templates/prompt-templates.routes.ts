import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePromptTemplateRequest,
  ErrorBody,
  FavouriteTemplateRequest,
  IdParams,
  OkResponse,
  PromptTemplate,
  PromptTemplateExport,
  PromptTemplateExportFile,
  PromptTemplateImportResponse,
  PromptTemplateListQuery,
  PromptTemplateListResponse,
  PromptTemplateUseResponse,
  PromptTemplateVersion,
  PromptTemplateVersionList,
  TemplateVersionParams,
  UpdatePromptTemplateRequest,
  CategoryListResponse,
} from '@parallax/contract';
import { requireUser, requireUserOrVisitor, userOf } from '../../infra/auth/principal';
import { viewerOf } from './prompt-templates.plugin';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
/**
 * Each route counts on its own per caller address instead of in the app-wide allowance: a
 * library page fires several of these at once, and none may starve the chat's budget.
 */
const ROUTE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const tags = ['prompt-templates'];
/** An import may carry many full-size bodies. */
const IMPORT_BODY_LIMIT_BYTES = 8 * 1_048_576;

/**
 * A user's prompt templates and the public library. Reading public templates is open to
 * everyone and counting a use to visitors too; every change needs an account (401).
 */
export const promptTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.promptTemplates;

  app.get(
    '/prompt-templates',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Templates of a tab (mine, public, favourites), filtered and sorted',
        querystring: PromptTemplateListQuery,
        response: { 200: PromptTemplateListResponse, ...errors },
      },
    },
    (request) => service.list(viewerOf(request), request.query),
  );

  app.get(
    '/prompt-templates/categories',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Categories in their curated order',
        response: { 200: CategoryListResponse },
      },
    },
    async () => ({ categories: await service.categories() }),
  );

  app.get(
    '/prompt-templates/export',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The caller's own templates as a JSON file",
        response: { 200: PromptTemplateExportFile, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="prompt-templates.json"');
      return service.exportMine(userOf(request).userId);
    },
  );

  app.post(
    '/prompt-templates/import',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Add templates from an export file as private ones (all or nothing)',
        body: PromptTemplateExport,
        response: { 201: PromptTemplateImportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const templates = await service.importMine(userOf(request).userId, request.body.templates);
      return reply.status(201).send({ imported: templates.length, templates });
    },
  );

  app.post(
    '/prompt-templates',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Create a private template (version 1)',
        body: CreatePromptTemplateRequest,
        response: { 201: PromptTemplate, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(userOf(request).userId, request.body)),
  );

  app.get(
    '/prompt-templates/:id',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'One template the caller may see',
        params: IdParams,
        response: { 200: PromptTemplate, ...errors },
      },
    },
    (request) => service.get(viewerOf(request), request.params.id),
  );

  app.patch(
    '/prompt-templates/:id',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Save changes as a new version (403 on a library template for non-admins)',
        params: IdParams,
        body: UpdatePromptTemplateRequest,
        response: { 200: PromptTemplate, ...errors },
      },
    },
    (request) => service.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/prompt-templates/:id',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Delete a template with its versions',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.delete(viewerOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/prompt-templates/:id/versions',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Every saved version, newest first',
        params: IdParams,
        response: { 200: PromptTemplateVersionList, ...errors },
      },
    },
    async (request) => ({ versions: await service.versions(viewerOf(request), request.params.id) }),
  );

  app.get(
    '/prompt-templates/:id/versions/:version',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'One saved version',
        params: TemplateVersionParams,
        response: { 200: PromptTemplateVersion, ...errors },
      },
    },
    (request) => service.version(viewerOf(request), request.params.id, request.params.version),
  );

  app.post(
    '/prompt-templates/:id/versions/:version/restore',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Save an earlier version's content as the newest version",
        params: TemplateVersionParams,
        response: { 200: PromptTemplate, ...errors },
      },
    },
    (request) => service.restore(viewerOf(request), request.params.id, request.params.version),
  );

  for (const action of ['copy', 'duplicate'] as const) {
    app.post(
      `/prompt-templates/:id/${action}`,
      {
        config: ROUTE_LIMIT,
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            action === 'copy'
              ? 'Copy a public template into your own templates'
              : 'Duplicate one of your templates',
          params: IdParams,
          response: { 201: PromptTemplate, ...errors },
        },
      },
      async (request, reply) => {
        const { userId, role } = userOf(request);
        return reply
          .status(201)
          .send(await service.copy(userId, role === 'admin', request.params.id));
      },
    );
  }

  app.put(
    '/prompt-templates/:id/favourite',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Mark or unmark a template as a favourite of the caller',
        params: IdParams,
        body: FavouriteTemplateRequest,
        response: { 200: PromptTemplate, ...errors },
      },
    },
    (request) => service.setFavourite(viewerOf(request), request.params.id, request.body.favourite),
  );

  app.post(
    '/prompt-templates/:id/use',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUserOrVisitor,
      schema: {
        tags,
        summary: 'Count one use of a template (filled in and sent or put in the composer)',
        params: IdParams,
        response: { 200: PromptTemplateUseResponse, ...errors },
      },
    },
    async (request) => ({
      use_count: await service.countUse(viewerOf(request), request.params.id),
    }),
  );
};
