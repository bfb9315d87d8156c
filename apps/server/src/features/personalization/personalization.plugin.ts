import fp from 'fastify-plugin';
import { PersonalizationRepository } from './personalization.repository';
import { PersonalizationService } from './personalization.service';
import { customInstructions, memory } from './personalization.sources';

declare module 'fastify' {
  interface FastifyInstance {
    /** An account's custom instructions and memory: its routes and its two turn sources. */
    readonly personalization: PersonalizationService;
  }
}

/** Custom instructions and memory enter every turn of an account's chats as turn sources. */
export const personalizationPlugin = fp(
  async (app) => {
    const service = new PersonalizationService(
      new PersonalizationRepository(app.db),
      app.conversations,
    );
    app.decorate('personalization', service);
    app.turnSources.register(customInstructions(service));
    app.turnSources.register(memory(service));
  },
  {
    name: 'personalization',
    dependencies: ['conversations'],
    decorators: { fastify: ['turnSources'] },
  },
);
