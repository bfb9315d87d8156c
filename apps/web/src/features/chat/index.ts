// What other features may use of chat (screens are lazy-loaded by the app, not exported here).
export { chatSocket, useSocketState } from './socket/chat-connection';
export { chatHeaders } from './api/chat-headers';
export { cancelGeneration } from './api/cancel-generation';
export { useModels } from './api/get-models';
export { providerLabel, unavailableText } from './model/model-labels';
// A new chat's box can be filled from elsewhere (a prompt template) before opening home.
export { NEW_THREAD } from './session/chat-session-store';
export { setDraftOf } from './session/composer-drafts';
