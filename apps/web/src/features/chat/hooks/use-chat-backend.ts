import { createContext, useContext } from 'react';
import { plainChatBackend, type ChatBackend } from '../session/chat-backend';

/** The backend of the chat on screen, for the parts deep in its list (a file's download). */
export const ChatBackendContext = createContext<ChatBackend>(plainChatBackend);

export function useChatBackend(): ChatBackend {
  return useContext(ChatBackendContext);
}
