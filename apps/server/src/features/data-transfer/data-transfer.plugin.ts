import fp from 'fastify-plugin';
import { ExportRepository } from './export.repository';
import { ExportService } from './export.service';
import { ImportService } from './import.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** A chat or the whole account out as a file, and an export file back in. */
    readonly dataTransfer: { exports: ExportService; imports: ImportService };
  }
}

export const dataTransferPlugin = fp(
  async (app) => {
    app.decorate('dataTransfer', {
      exports: new ExportService({
        conversations: app.conversations,
        history: app.chat.queries,
        projects: app.projects,
        attachments: app.attachments,
        knowledge: app.knowledge,
        chatSettings: app.chatSettings,
        personalization: app.personalization,
        repository: new ExportRepository(app.db),
      }),
      imports: new ImportService(app.db, app.knowledge, {
        conversations: app.conversations,
        turns: app.chat.records,
      }),
    });
  },
  {
    name: 'data-transfer',
    dependencies: [
      'conversations',
      'chat',
      'projects',
      'attachments',
      'knowledge',
      'chat-settings',
      'personalization',
    ],
  },
);
