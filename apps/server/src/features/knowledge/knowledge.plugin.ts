import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LocalDiskStorage } from '../../infra/storage/local-disk-storage';
import { KnowledgeIndexer } from './knowledge-indexer';
import { KnowledgeService } from './knowledge.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Project knowledge files: their routes, and the excerpts chat puts into a turn. */
    readonly knowledge: KnowledgeService;
    readonly knowledgeIndexer: KnowledgeIndexer;
  }
}

/**
 * Root-level; call after registerProjects and before registerChat. Knowledge files live in
 * their own folder (DATA_DIR/knowledge): the attachments sweeper removes whatever in
 * DATA_DIR/uploads no message refers to.
 */
export function registerKnowledge(app: FastifyInstance): void {
  const storage = new LocalDiskStorage(path.join(app.config.dataDir, 'knowledge'));
  const indexer = new KnowledgeIndexer(app.db, storage, app.log);
  app.decorate('knowledgeIndexer', indexer);
  app.decorate('knowledge', new KnowledgeService(app.db, storage, indexer, app.projects));
  indexer.start();
  app.addHook('preClose', () => indexer.close());
}
