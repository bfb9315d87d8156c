import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminToolSettings, ErrorBody, UpdateToolSettingsRequest } from '@parallax/contract';
import { noteAudit } from '../../infra/audit-note';
import { userOf } from '../../infra/auth/principal';
import { announceToolSettingsChange } from './tools.plugin';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };
const tags = ['admin'];
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** /admin/tools: AI management → Tools (admins only and audited, see admin.plugin.ts). */
export const adminToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/tools',
    {
      schema: {
        tags,
        summary:
          'The built-in tools: web search provider (key shown by its last 4), step limit, timeout, plans',
        response: { 200: AdminToolSettings, ...errors },
      },
    },
    () => app.toolSettings.describe(),
  );

  app.patch(
    '/admin/tools',
    {
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Set the web search provider, its URL (checked against SSRF) and key, the loop bounds, plans',
        body: UpdateToolSettingsRequest,
        response: { 200: AdminToolSettings, ...errors },
      },
    },
    async (request) => {
      const before = await app.toolSettings.describe();
      const after = await app.toolSettings.update(request.body, userOf(request).userId);
      await announceToolSettingsChange(app);
      noteAudit(request, {
        action:
          request.body.web_search_api_key !== undefined
            ? 'tools.search_key_rotated'
            : 'tools.update',
        targetType: 'tools',
        targetId: after.web_search_provider,
        before,
        after,
      });
      return after;
    },
  );
};
