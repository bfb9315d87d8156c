import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PromptGeneratorRepository } from './prompt-generator.repository';
import { PromptGeneratorService } from './prompt-generator.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The generator's instructions: its admin routes and chat's generator sends read them. */
    readonly promptGenerator: PromptGeneratorService;
  }
}

export const promptGeneratorPlugin = fp(async (app) => registerPromptGenerator(app), {
  name: 'prompt-generator',
});

/** Root-level; call before registerChat. */
export function registerPromptGenerator(app: FastifyInstance): void {
  app.decorate(
    'promptGenerator',
    new PromptGeneratorService(new PromptGeneratorRepository(app.db)),
  );
}
