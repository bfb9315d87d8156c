import type { Theme } from '@parallax/contract';
import { create } from 'zustand';

/** The account's theme preference (the contract's `Theme`), kept on this device too. */
export type ThemeChoice = Theme;
/** Same key and values public/theme-init.js reads before first paint. */
export const THEME_STORAGE_KEY = 'theme';

function readChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    if (saved === 'light' || saved === 'dark' || saved === 'system') return saved;
  } catch {
    // Storage blocked: follow the system.
  }
  return 'system';
}

function systemPrefersDark(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches
  );
}

export function applyTheme(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

interface ThemeState {
  choice: ThemeChoice;
  setChoice: (choice: ThemeChoice) => void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  choice: readChoice(),
  setChoice: (choice) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, choice);
    } catch {
      // Not persisted; still applied for this visit.
    }
    applyTheme(choice);
    set({ choice });
  },
}));

/** Keeps a 'system' choice in step with the OS switching between light and dark. */
export function watchSystemTheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (useThemeStore.getState().choice === 'system') applyTheme('system');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
