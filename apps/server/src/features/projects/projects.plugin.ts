import type { FastifyInstance } from 'fastify';
import { projectInstructions } from './project-instructions.source';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one projects service: its routes, conversations' moves and chat's sends call it. */
    readonly projects: ProjectsService;
  }
}

/** Root-level; call after registerModels, registerConversations and registerTurnSources. */
export function registerProjects(app: FastifyInstance): void {
  const projects = new ProjectsService(app.db, new ProjectsRepository(app.db), {
    conversations: app.conversations,
    models: app.models,
  });
  app.decorate('projects', projects);
  app.turnSources.register(projectInstructions(projects));
}
