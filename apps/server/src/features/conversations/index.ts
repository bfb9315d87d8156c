/** What other features may use of conversations: its service, provided as app.conversations. */
export type { ConversationsService, NewConversation } from './conversations.service';
