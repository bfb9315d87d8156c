/** What other features may use of conversations: the service. */
export { ConversationsRepository } from './conversations.repository';
export { ConversationsService, type NewConversation } from './conversations.service';
