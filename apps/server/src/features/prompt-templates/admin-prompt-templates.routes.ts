import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoryListResponse,
  CreateCategoryRequest,
  CreateLibraryTemplateRequest,
  ErrorBody,
  IdParams,
  OkResponse,
  PromptTemplateCategory,
  PromptTemplate,
  PromptTemplateListQuery,
  PromptTemplateListResponse,
  RenameCategoryRequest,
  ReorderCategoriesRequest,
  UpdateLibraryTemplateRequest,
} from '@parallax/contract';
import { requireAdmin, requireUser } from '../../infra/auth/principal';
import { viewerOf } from './prompt-templates.plugin';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
/**
 * Each route counts on its own per caller address instead of in the app-wide allowance: a
 * library page fires several of these at once, and none may starve the chat's budget.
 */
const ROUTE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const tags = ['admin'];

/**
 * Curating the public library: its templates (drafts included), publishing, featuring, and
 * the categories' names and order. A library template's content is changed through the
 * ordinary PATCH /prompt-templates/{id}, which admins may call on it.
 */
export const adminPromptTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.promptTemplates;
  // Signed-in first (401 before anything); the role after validation, so malformed input gets
  // the same 400/422 on every route and only well-formed calls learn they need an admin.
  app.addHook('onRequest', requireUser);
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/admin/prompt-templates',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Every library template, published or not',
        querystring: PromptTemplateListQuery.omit({ tab: true }),
        response: { 200: PromptTemplateListResponse, ...errors },
      },
    },
    (request) => service.list(viewerOf(request), { ...request.query, tab: 'library' }),
  );

  app.post(
    '/admin/prompt-templates',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Create a library template (a draft unless visibility is public)',
        body: CreateLibraryTemplateRequest,
        response: { 201: PromptTemplate, ...errors },
      },
    },
    async (request, reply) => {
      const { visibility, featured, ...fields } = request.body;
      return reply
        .status(201)
        .send(await service.createLibrary(viewerOf(request), fields, visibility, featured));
    },
  );

  app.patch(
    '/admin/prompt-templates/:id',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Publish, unpublish or feature a library template',
        params: IdParams,
        body: UpdateLibraryTemplateRequest,
        response: { 200: PromptTemplate, ...errors },
      },
    },
    (request) => service.setLibraryState(viewerOf(request), request.params.id, request.body),
  );

  app.get(
    '/admin/prompt-template-categories',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Categories in order',
        response: { 200: CategoryListResponse, ...errors },
      },
    },
    async () => ({ categories: await service.categories() }),
  );

  app.post(
    '/admin/prompt-template-categories',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Add a category at the end',
        body: CreateCategoryRequest,
        response: { 201: PromptTemplateCategory, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCategory(request.body.name)),
  );

  app.put(
    '/admin/prompt-template-categories/order',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Put the categories in a new order (every id, once)',
        body: ReorderCategoriesRequest,
        response: { 200: CategoryListResponse, ...errors },
      },
    },
    async (request) => ({ categories: await service.reorderCategories(request.body.ids) }),
  );

  app.patch(
    '/admin/prompt-template-categories/:id',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Rename a category',
        params: IdParams,
        body: RenameCategoryRequest,
        response: { 200: PromptTemplateCategory, ...errors },
      },
    },
    (request) => service.renameCategory(request.params.id, request.body.name),
  );

  app.delete(
    '/admin/prompt-template-categories/:id',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Delete a category (its templates become uncategorised)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteCategory(request.params.id);
      return { ok: true as const };
    },
  );
};
