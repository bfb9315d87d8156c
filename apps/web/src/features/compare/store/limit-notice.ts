import { create } from 'zustand';

export interface LimitNotice {
  needed: number;
  remaining: number;
  dailyLimit: number | null;
}

interface LimitNoticeState {
  notice: LimitNotice | null;
  open: (notice: LimitNotice) => void;
  close: () => void;
}

/** Open when a comparison needs more of today's messages than are left. */
export const useLimitNotice = create<LimitNoticeState>()((set) => ({
  notice: null,
  open: (notice) => set({ notice }),
  close: () => set({ notice: null }),
}));
