import { create } from 'zustand';

interface PaletteState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Whether the command palette is open: the shortcut, the sidebar and the top bar open it. */
export const usePalette = create<PaletteState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

export const openPalette = () => usePalette.getState().setOpen(true);
