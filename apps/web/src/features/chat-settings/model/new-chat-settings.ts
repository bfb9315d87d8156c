import type { ChatSettings } from '@parallax/contract';
import { create } from 'zustand';

/**
 * The settings of the new chat being written (before its first send, which carries them).
 * `chosen` is false until the user sets them or picks a preset: the default preset applies
 * only to a chat nobody has set yet.
 */
interface NewChatSettingsState {
  settings: ChatSettings | null;
  presetId: string | null;
  chosen: boolean;
  choose: (settings: ChatSettings, presetId: string | null) => void;
  /** The default preset, for a new chat nobody set. */
  applyDefault: (settings: ChatSettings, presetId: string) => void;
  /** After the first send the chat keeps its own; the next new chat starts afresh. */
  reset: () => void;
}

export const useNewChatSettings = create<NewChatSettingsState>((set) => ({
  settings: null,
  presetId: null,
  chosen: false,
  choose: (settings, presetId) => set({ settings, presetId, chosen: true }),
  applyDefault: (settings, presetId) =>
    set((s) => (s.chosen ? s : { settings, presetId, chosen: false })),
  reset: () => set({ settings: null, presetId: null, chosen: false }),
}));
