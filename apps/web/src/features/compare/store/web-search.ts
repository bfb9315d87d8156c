import { create } from 'zustand';

/** The new comparison being set up, until its session exists. */
export const NEW_COMPARISON = 'new';

/**
 * The Web search toggle of comparisons, by session, for this page's life: every panel's turn
 * says it when sent. A comparison's panels keep no shared settings, so it starts off.
 */
interface CompareWebSearchState {
  on: Record<string, boolean>;
  set: (sessionId: string, on: boolean) => void;
}

export const useCompareWebSearchStore = create<CompareWebSearchState>((set) => ({
  on: {},
  set: (sessionId, on) => set((s) => ({ on: { ...s.on, [sessionId]: on } })),
}));
