// What the app shell and other features may use of conversations.
export { RecentChats } from './components/recent-chats';
export { ConversationHeader } from './components/conversation-header';
export { getConversation } from './api/get-conversation';
export { useRecentConversations } from './api/list-recent-conversations';
