import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientErrorGroupsResponse,
  ClientErrorIdParams,
  ClientErrorReportResponse,
  ErrorBody,
} from '@parallax/contract';
import { requireAdmin } from '../../infra/auth/principal';
import { AppError } from '../../infra/errors';
import { reportView } from './client-error-view';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['logging'];
const ERROR_NOT_FOUND = 'No error report has this Error ID.';

/** /admin/errors: browser error reports for admins (403 with the spec's text for anyone else). */
export const adminErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.clientErrors;
  app.addHook('preValidation', requireAdmin);

  app.get(
    '/admin/errors',
    {
      schema: {
        tags,
        summary: 'Recent browser errors grouped by type and message, last seen first',
        response: { 200: ClientErrorGroupsResponse, ...errors },
      },
    },
    async () => ({ groups: await reports.groups() }),
  );

  app.get(
    '/admin/errors/:errorId',
    {
      schema: {
        tags,
        summary: 'The newest report with this Error ID: its breadcrumbs and stack',
        params: ClientErrorIdParams,
        response: { 200: ClientErrorReportResponse, ...errors },
      },
    },
    async (request) => {
      const row = await reports.byErrorId(request.params.errorId);
      if (!row) throw new AppError('not_found', ERROR_NOT_FOUND);
      return { report: reportView(row) };
    },
  );
};
