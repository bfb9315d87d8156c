import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { generatorInstructions } from './generator-instructions.source';
import { PromptGeneratorRepository } from './prompt-generator.repository';
import { PromptGeneratorService } from './prompt-generator.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The generator's instructions: its admin routes, and a turn context source pinning them. */
    readonly promptGenerator: PromptGeneratorService;
  }
}

export const promptGeneratorPlugin = fp(async (app) => registerPromptGenerator(app), {
  name: 'prompt-generator',
  decorators: { fastify: ['turnSources'] },
});

/** Its instructions open every turn of a generator session (a turn source). */
export function registerPromptGenerator(app: FastifyInstance): void {
  const generator = new PromptGeneratorService(new PromptGeneratorRepository(app.db));
  app.decorate('promptGenerator', generator);
  app.turnSources.register(generatorInstructions(generator));
}
