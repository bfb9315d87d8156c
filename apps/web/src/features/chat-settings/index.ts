// What the app uses of chat settings (the panel, the composer's preset picker, answer notes).
export { ChatSettingsButton } from './components/chat-settings-button';
export { PresetPicker } from './components/preset-picker';
export { useAnswerNote } from './components/answer-note';
export { useChatSettingsControl } from './hooks/use-chat-settings-control';
export { useNewChatSettings } from './model/new-chat-settings';
