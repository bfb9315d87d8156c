import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalDiskStorage } from '../../infra/storage/local-disk-storage';
import { knowledgeExcerpts } from './knowledge-excerpts.source';
import { KnowledgeIndexer } from './knowledge-indexer';
import { KnowledgeService } from './knowledge.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Project knowledge files: their routes, and the excerpts of a turn's context source. */
    readonly knowledge: KnowledgeService;
    readonly knowledgeIndexer: KnowledgeIndexer;
  }
}

export const knowledgePlugin = fp(async (app) => registerKnowledge(app), {
  name: 'knowledge',
  dependencies: ['search', 'projects'],
  decorators: { fastify: ['turnSources'] },
});

/**
 * Knowledge files live in their own folder (DATA_DIR/knowledge): the attachments sweeper
 * removes whatever in DATA_DIR/uploads no message refers to. Its excerpts are a turn source.
 */
export function registerKnowledge(app: FastifyInstance): void {
  const storage = new LocalDiskStorage(path.join(app.config.dataDir, 'knowledge'));
  const indexer = new KnowledgeIndexer(app.db, storage, app.searchIndex, app.log);
  const knowledge = new KnowledgeService(app.db, storage, indexer, app.projects, app.searchIndex);
  app.decorate('knowledgeIndexer', indexer);
  app.decorate('knowledge', knowledge);
  app.turnSources.register(knowledgeExcerpts(knowledge));
  // A deleted project's files cascade away; their chunks in the shared index go in the same
  // transaction, and the stored bytes are swept as orphans.
  app.projects.onDeleting((trx, project) => knowledge.removeProjectChunks(trx, project));
  indexer.start();
  app.addHook('preClose', () => indexer.close());
}
