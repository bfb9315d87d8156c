import fp from 'fastify-plugin';
import { ConversationsRepository } from './conversations.repository';
import { VaultConversationsRepository } from './vault-conversations.repository';
import { ConversationsService } from './conversations.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one conversations service: its routes, chat and compare call it. */
    readonly conversations: ConversationsService;
  }
}

/** The list's `?search=` asks the search index which chats match. */
export const conversationsPlugin = fp(
  async (app) => {
    const { searchIndex } = app;
    const conversations = new ConversationsService(
      new ConversationsRepository(app.db),
      (owner, text) => searchIndex.conversationIds(owner, text),
      new VaultConversationsRepository(app.db),
    );
    app.decorate('conversations', conversations);
    app.visitors.onVisitorClaimed((visitorId, userId) =>
      conversations.moveVisitorToUser(visitorId, userId),
    );
  },
  { name: 'conversations', dependencies: ['search'], decorators: { fastify: ['visitors'] } },
);
