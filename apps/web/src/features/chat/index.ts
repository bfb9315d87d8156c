// What other features may use of chat (screens are lazy-loaded by the app, not exported here).
export {
  chatSocket,
  reconnectChatSocketNow,
  useOpenSocketState,
  useSocketState,
} from './socket/chat-connection';
export { chatHeaders } from './api/chat-headers';
export { cancelGeneration } from './api/cancel-generation';
export { useModels } from './api/get-models';
export { providerLabel, unavailableText } from './model/model-labels';
export { ModelPicker } from './components/model-picker';
export { useModelChoice } from './hooks/use-model-choice';
export type { Prompt, UiMessage } from './model/ui-message';
export { useChatSession, renameThread, NEW_THREAD } from './session/chat-session-store';
export type { Thread } from './session/chat-session-store';
export { send as sendChatTurn, stop as stopChatAnswer } from './session/chat-actions';
export { loadThread } from './session/load-thread';
export { setDraftOf } from './session/composer-drafts';
export { forgetThread } from './session/load-thread';
export { plainChatBackend } from './session/chat-backend';
export type { ChatBackend } from './session/chat-backend';
export type { SendInput } from './api/send-message';
export { MessageCitations } from './components/message-citations';
export { ToolCallRows } from './components/tool-call-rows';
