/** What other features may use of conversations: the owner model and the service. */
export { chatOwnerOf, ownerColumns, ownerKey, type ChatOwner } from './chat-owner';
export { ConversationsRepository } from './conversations.repository';
export { ConversationsService, type NewConversation } from './conversations.service';
