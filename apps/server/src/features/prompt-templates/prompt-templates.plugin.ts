import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PromptTemplatesRepository } from './prompt-templates.repository';
import { PromptTemplatesService, type Viewer } from './prompt-templates.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one prompt templates service (its user routes and the admin library's). */
    readonly promptTemplates: PromptTemplatesService;
  }
}

export function registerPromptTemplates(app: FastifyInstance): void {
  app.decorate(
    'promptTemplates',
    new PromptTemplatesService(app.db, new PromptTemplatesRepository(app.db)),
  );
}

/** The caller as the templates service sees them (visitors and nobody read public ones only). */
export function viewerOf(request: FastifyRequest): Viewer {
  const principal = request.principal;
  return principal?.kind === 'user'
    ? { userId: principal.userId, admin: principal.role === 'admin' }
    : { userId: null, admin: false };
}
