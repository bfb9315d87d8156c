import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminFeatureFlag,
  AdminFeatureFlagListResponse,
  ErrorBody,
  FeatureFlagParams,
  UpdateFeatureFlagRequest,
} from '@parallax/contract';
import { userOf } from '../../infra/auth/principal';
import { noteAudit } from '../../infra/audit-note';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };
const tags = ['admin'];

/** /admin/flags: every flag with its default and last change (admins only, see admin.plugin.ts). */
export const adminFeatureFlagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/feature-flags',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Every feature flag: value, spec default, description, last change',
        response: { 200: AdminFeatureFlagListResponse, ...errors },
      },
    },
    async () => ({ flags: await app.featureFlags.list() }),
  );

  app.put(
    '/admin/feature-flags/:name',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Turn a feature flag on or off, for every process at once',
        params: FeatureFlagParams,
        body: UpdateFeatureFlagRequest,
        response: { 200: AdminFeatureFlag, ...errors },
      },
    },
    async (request) => {
      const { name } = request.params;
      const before = await app.featureFlags.get(name);
      const after = await app.featureFlags.set(name, request.body.enabled, userOf(request).userId);
      noteAudit(request, {
        action: 'feature_flag.update',
        targetType: 'feature_flag',
        targetId: name,
        before: { enabled: before.enabled },
        after: { enabled: after.enabled },
      });
      return after;
    },
  );
};
