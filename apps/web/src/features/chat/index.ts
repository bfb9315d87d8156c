// What other features may use of chat (screens are lazy-loaded by the app, not exported here).
export { chatSocket, useSocketState } from './socket/chat-connection';
export { chatHeaders } from './api/chat-headers';
export { cancelGeneration } from './api/cancel-generation';
export { useModels } from './api/get-models';
export { providerLabel, unavailableText } from './model/model-labels';
