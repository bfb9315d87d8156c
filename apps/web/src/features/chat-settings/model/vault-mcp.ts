import type { ChatMcpChoice } from '@parallax/contract';
import { create } from 'zustand';

/**
 * The MCP choice of vault chats, by thread, for this page's life only: a vault chat keeps no
 * settings on the server, and a tool call sends the chat's words out, so nothing is on by
 * default and nothing is remembered past a reload (as with its Web search toggle).
 */
interface VaultMcpState {
  choice: Record<string, ChatMcpChoice>;
  set: (threadKey: string, choice: ChatMcpChoice) => void;
  /** A new vault chat's first send named it: its choice moves to the chat's id. */
  rename: (from: string, to: string) => void;
}

export const useVaultMcp = create<VaultMcpState>((set) => ({
  choice: {},
  set: (threadKey, choice) => set((s) => ({ choice: { ...s.choice, [threadKey]: choice } })),
  rename: (from, to) =>
    set((s) => {
      const { [from]: value, ...rest } = s.choice;
      return value === undefined ? s : { choice: { ...rest, [to]: value } };
    }),
}));
