import type { FastifyInstance } from 'fastify';
import { PromptGeneratorRepository } from './prompt-generator.repository';
import { PromptGeneratorService } from './prompt-generator.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The generator's instructions: its admin routes and chat's generator sends read them. */
    readonly promptGenerator: PromptGeneratorService;
  }
}

/** Root-level; call before registerChat. */
export function registerPromptGenerator(app: FastifyInstance): void {
  app.decorate(
    'promptGenerator',
    new PromptGeneratorService(new PromptGeneratorRepository(app.db)),
  );
}
