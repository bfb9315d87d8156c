import fp from 'fastify-plugin';
import { SecretBox } from '../../infra/secret-box';
import { SharesRepository } from './shares.repository';
import { SharesService } from './shares.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Share links: the owner's routes, the admin's, and the public /share/{token} page. */
    readonly shares: SharesService;
  }
}

export const sharesPlugin = fp(
  async (app) => {
    app.decorate(
      'shares',
      new SharesService({
        db: app.db,
        repository: new SharesRepository(app.db),
        sources: {
          conversations: app.conversations,
          history: app.chat.queries,
          compare: app.compare,
        },
        flags: app.featureFlags,
        box: new SecretBox(app.config.settingsKey),
        appUrl: app.config.appUrl,
        stores: { conversations: app.conversations, turns: app.chat.records },
        files: app.attachments,
      }),
    );
  },
  {
    name: 'shares',
    dependencies: ['conversations', 'chat', 'compare', 'feature-flags', 'attachments'],
  },
);
