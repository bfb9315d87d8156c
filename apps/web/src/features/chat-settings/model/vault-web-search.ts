import { create } from 'zustand';

/**
 * The Web search toggle of vault chats, by thread, for this page's life only: a vault chat keeps
 * no settings on the server, and a search leaves the server, so it is never on by default and
 * never remembered past a reload.
 */
interface VaultWebSearchState {
  on: Record<string, boolean>;
  set: (threadKey: string, on: boolean) => void;
  /** A new vault chat's first send named it: its toggle moves to the chat's id. */
  rename: (from: string, to: string) => void;
}

export const useVaultWebSearch = create<VaultWebSearchState>((set) => ({
  on: {},
  set: (threadKey, on) => set((s) => ({ on: { ...s.on, [threadKey]: on } })),
  rename: (from, to) =>
    set((s) => {
      const { [from]: value, ...rest } = s.on;
      return value === undefined ? s : { on: { ...rest, [to]: value } };
    }),
}));
