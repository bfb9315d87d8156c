import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PromptTemplatesRepository } from './prompt-templates.repository';
import type { Viewer } from './prompt-template-view';
import { PromptTemplatesService } from './prompt-templates.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one prompt templates service (its user routes and the admin library's). */
    readonly promptTemplates: PromptTemplatesService;
  }
}

export const promptTemplatesPlugin = fp(
  async (app) => {
    app.decorate(
      'promptTemplates',
      new PromptTemplatesService(app.db, new PromptTemplatesRepository(app.db)),
    );
  },
  { name: 'prompt-templates' },
);

/** The caller as the templates service sees them (visitors and nobody read public ones only). */
export function viewerOf(request: FastifyRequest): Viewer {
  const principal = request.principal;
  return principal?.kind === 'user'
    ? { userId: principal.userId, admin: principal.role === 'admin' }
    : { userId: null, admin: false };
}
