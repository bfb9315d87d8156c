import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  GeneratorInstructionsResponse,
  UpdateGeneratorInstructionsRequest,
} from '@parallax/contract';
import { requireAdmin, userOf } from '../../infra/auth/principal';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['prompt-generator'];
const PATH = '/admin/prompt-generator/instructions';

/**
 * The generator's instructions, for admins only (403 with the spec's text for anyone else).
 * Generating itself is a chat send with prompt_generator_id (the chat routes).
 */
export const promptGeneratorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.promptGenerator;
  // After body parsing (a malformed body is 400 for anyone), before validation (a non-admin
  // learns nothing of the schema).
  app.addHook('preValidation', requireAdmin);

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "The prompt generator's current instructions and their earlier versions",
        response: { 200: GeneratorInstructionsResponse, ...errors },
      },
    },
    () => service.describe(),
  );

  app.put(
    PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Save new instructions as the next version (restoring is saving an earlier text)',
        body: UpdateGeneratorInstructionsRequest,
        response: { 200: GeneratorInstructionsResponse, ...errors },
      },
    },
    (request) => service.save(request.body.body, userOf(request).userId),
  );
};
