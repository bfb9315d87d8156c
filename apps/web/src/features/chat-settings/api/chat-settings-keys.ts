export const chatSettingsKey = (conversationId: string) =>
  ['chat-settings', conversationId] as const;
export const presetsKey = ['presets'] as const;
