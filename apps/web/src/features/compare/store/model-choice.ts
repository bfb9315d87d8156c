import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface CompareChoiceState {
  /** Model ids last compared, in panel order. */
  models: string[];
  blind: boolean;
  setModels: (models: string[]) => void;
  setBlind: (blind: boolean) => void;
}

/** The models chosen for comparing and the blind switch, remembered across visits. */
export const useCompareChoice = create<CompareChoiceState>()(
  persist(
    (set) => ({
      models: [],
      blind: false,
      setModels: (models) => set({ models }),
      setBlind: (blind) => set({ blind }),
    }),
    { name: 'compare-choice' },
  ),
);
