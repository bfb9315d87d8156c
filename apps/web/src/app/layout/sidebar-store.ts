import { create } from 'zustand';

// Remembered on this device, like the theme: how someone likes their screen is not account data.
const COLLAPSED_KEY = 'sidebar-collapsed';
const TOOLS_OPEN_KEY = 'sidebar-tools-open';

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? '1' : '0');
  } catch {
    // Storage blocked: the choice holds for this visit only.
  }
}

interface SidebarState {
  /** The desktop sidebar is a slim rail (new chat, search, expand). */
  collapsed: boolean;
  /** The Tools group is folded by default so it never takes Recent chats' room. */
  toolsOpen: boolean;
  toggleCollapsed: () => void;
  setToolsOpen: (open: boolean) => void;
}

export const useSidebar = create<SidebarState>()((set, get) => ({
  collapsed: readFlag(COLLAPSED_KEY),
  toolsOpen: readFlag(TOOLS_OPEN_KEY),
  toggleCollapsed: () => {
    const collapsed = !get().collapsed;
    writeFlag(COLLAPSED_KEY, collapsed);
    set({ collapsed });
  },
  setToolsOpen: (toolsOpen) => {
    writeFlag(TOOLS_OPEN_KEY, toolsOpen);
    set({ toolsOpen });
  },
}));
