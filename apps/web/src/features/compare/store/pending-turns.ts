import { create } from 'zustand';

export interface PendingTurn {
  prompt: string;
  answers: { panel: number; messageId: string }[];
}

interface PendingTurnsState {
  bySession: Record<string, PendingTurn>;
  set: (sessionId: string, turn: PendingTurn | null) => void;
}

/** A turn being sent, shown until the stored session lists its messages. */
export const usePendingTurns = create<PendingTurnsState>()((set) => ({
  bySession: {},
  set: (sessionId, turn) =>
    set((state) => {
      const next = { ...state.bySession };
      if (turn) next[sessionId] = turn;
      else delete next[sessionId];
      return { bySession: next };
    }),
}));
