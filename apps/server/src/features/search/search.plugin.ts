import fp from 'fastify-plugin';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * History search and the index writer for knowledge chunks (indexChunks, removeChunks,
     * findKnowledge). Chat rows reach the index by database triggers.
     */
    readonly searchIndex: SearchService;
  }
}

/** The conversations list's `?search=` and the knowledge feature call it. */
export const searchPlugin = fp(
  async (app) => {
    app.decorate('searchIndex', new SearchService(new SearchRepository(app.db)));
  },
  { name: 'search' },
);
