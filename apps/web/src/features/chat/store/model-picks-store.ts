import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const MODEL_PICKS_KEY = 'model-picks';
/** Enough for the picker's "Recently used" after favourites are taken out of it. */
const RECENT_KEPT = 8;

interface ModelPicksState {
  /** Model ids picked in this browser, newest first. */
  recent: string[];
  /** A guest's starred models, newest first (an account's live on the server). */
  guestFavourites: string[];
  notePicked: (modelId: string) => void;
  toggleGuestFavourite: (modelId: string) => void;
}

const withFirst = (ids: readonly string[], id: string) => [id, ...ids.filter((x) => x !== id)];

export const useModelPicks = create<ModelPicksState>()(
  persist(
    (set) => ({
      recent: [],
      guestFavourites: [],
      notePicked: (modelId) =>
        set((s) => ({ recent: withFirst(s.recent, modelId).slice(0, RECENT_KEPT) })),
      toggleGuestFavourite: (modelId) =>
        set((s) => ({
          guestFavourites: s.guestFavourites.includes(modelId)
            ? s.guestFavourites.filter((id) => id !== modelId)
            : withFirst(s.guestFavourites, modelId),
        })),
    }),
    {
      name: MODEL_PICKS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ recent: s.recent, guestFavourites: s.guestFavourites }),
    },
  ),
);
