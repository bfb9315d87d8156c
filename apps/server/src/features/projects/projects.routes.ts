import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateProjectRequest,
  DeleteProjectQuery,
  DeleteProjectResponse,
  ErrorBody,
  IdParams,
  Project,
  ProjectListQuery,
  ProjectListResponse,
  UpdateProjectRequest,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['projects'];

/** Projects need an account: visitors and anonymous callers get 401 on every route. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.projects;
  app.addHook('onRequest', requireUser);

  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary: "The caller's projects, latest activity first",
        querystring: ProjectListQuery,
        response: { 200: ProjectListResponse, ...errors },
      },
    },
    async (request) => ({
      projects: await service.list(userOf(request).userId, request.query.archived),
    }),
  );

  app.post(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Create a project',
        body: CreateProjectRequest,
        response: { 201: Project, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(userOf(request).userId, request.body)),
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'One project',
        params: IdParams,
        response: { 200: Project, ...errors },
      },
    },
    (request) => service.get(userOf(request).userId, request.params.id),
  );

  app.patch(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Change a project (any of its fields, archived included)',
        params: IdParams,
        body: UpdateProjectRequest,
        response: { 200: Project, ...errors },
      },
    },
    (request) => service.update(userOf(request).userId, request.params.id, request.body),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `/projects/:id/${action}`,
      {
        schema: {
          tags,
          summary: archived ? 'Archive a project' : 'Bring a project back from the archive',
          params: IdParams,
          response: { 200: Project, ...errors },
        },
      },
      (request) => service.update(userOf(request).userId, request.params.id, { archived }),
    );
  }

  app.delete(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project, keeping its chats (moved out) or deleting them',
        params: IdParams,
        querystring: DeleteProjectQuery,
        response: { 200: DeleteProjectResponse, ...errors },
      },
    },
    (request) => service.delete(userOf(request).userId, request.params.id, request.query.chats),
  );
};
