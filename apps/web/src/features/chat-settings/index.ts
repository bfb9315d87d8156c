// What the app uses of chat settings (the panel, the composer's preset picker, answer notes).
export { ChatSettingsButton } from './components/chat-settings-button';
export { PresetPicker } from './components/preset-picker';
export { useAnswerNote } from './components/answer-note';
export { useChatSettingsControl } from './hooks/use-chat-settings-control';
export { useNewChatSettings } from './model/new-chat-settings';
export { WebSearchToggleButton } from './components/web-search-toggle';
export { useWebSearchToggle, type WebSearchToggle } from './hooks/use-web-search-toggle';
export { useVaultWebSearch } from './model/vault-web-search';
export { useAvailableTools } from './api/get-available-tools';
export { useMcpChoice, type McpChoiceControl } from './hooks/use-mcp-choice';
export { useVaultMcp } from './model/vault-mcp';
