import type { FastifyInstance } from 'fastify';
import { ConversationsRepository } from './conversations.repository';
import { VaultConversationsRepository } from './vault-conversations.repository';
import { ConversationsService } from './conversations.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one conversations service: its routes, chat and compare call it. */
    readonly conversations: ConversationsService;
  }
}

/**
 * Root-level (not encapsulated) so every feature plugin sees the same service. Call after
 * registerSearch: the list's `?search=` asks the search index which chats match.
 */
export function registerConversations(app: FastifyInstance): void {
  const conversations = new ConversationsService(
    new ConversationsRepository(app.db),
    (owner, text) => app.searchIndex.conversationIds(owner, text),
    new VaultConversationsRepository(app.db),
  );
  app.decorate('conversations', conversations);
  app.visitors.onVisitorClaimed((visitorId, userId) =>
    conversations.moveVisitorToUser(visitorId, userId),
  );
}
