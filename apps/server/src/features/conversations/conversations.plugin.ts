import type { FastifyInstance } from 'fastify';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one conversations service: its routes, chat and compare call it. */
    readonly conversations: ConversationsService;
  }
}

/** Root-level (not encapsulated) so every feature plugin sees the same service. */
export function registerConversations(app: FastifyInstance): void {
  const conversations = new ConversationsService(new ConversationsRepository(app.db));
  app.decorate('conversations', conversations);
  app.visitors.onVisitorClaimed((visitorId, userId) =>
    conversations.moveVisitorToUser(visitorId, userId),
  );
}
