import fp from 'fastify-plugin';
import { projectInstructions } from './project-instructions.source';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one projects service: its routes, conversations' moves and chat's sends call it. */
    readonly projects: ProjectsService;
  }
}

/**
 * A project holds chats: it empties them on delete and checks the ones moved into it; its
 * instructions open every turn of its chats (a turn source).
 */
export const projectsPlugin = fp(
  async (app) => {
    const projects = new ProjectsService(app.db, new ProjectsRepository(app.db), {
      conversations: app.conversations,
      models: app.models,
    });
    app.decorate('projects', projects);
    app.conversations.checkProjectsWith((owner, id) => projects.assertOwned(owner, id));
    app.turnSources.register(projectInstructions(projects));
  },
  {
    name: 'projects',
    dependencies: ['conversations', 'models'],
    decorators: { fastify: ['turnSources'] },
  },
);
