import { Columns3, Monitor, Moon, Settings, SquarePen, Sun } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { usePalette, type PaletteAction } from '../../features/search';
import { lazyPart, useLazyPart } from '../../ui/lazy/lazy-part';
import { useThemeStore, type ThemeChoice } from '../theme/theme-store';
import { useNewChat } from './use-new-chat';

// The palette's code arrives the first time it opens (or when the browser is idle before that).
const palette = lazyPart(() => import('../../features/search/components/command-palette'));

const THEMES: ReadonlyArray<{ value: ThemeChoice; label: string; icon: PaletteAction['icon'] }> = [
  { value: 'light', label: 'Use the light theme', icon: Sun },
  { value: 'dark', label: 'Use the dark theme', icon: Moon },
  { value: 'system', label: "Follow the system's theme", icon: Monitor },
];

/** What the palette offers before anything is typed; the theme choices leave out the current one. */
function usePaletteActions(): PaletteAction[] {
  const navigate = useNavigate();
  const newChat = useNewChat();
  const theme = useThemeStore((s) => s.choice);
  const setTheme = useThemeStore((s) => s.setChoice);
  return useMemo(
    () => [
      { id: 'new-chat', label: 'New chat', icon: SquarePen, run: newChat },
      {
        id: 'new-comparison',
        label: 'New comparison',
        icon: Columns3,
        run: () => void navigate('/compare'),
      },
      { id: 'settings', label: 'Settings', icon: Settings, run: () => void navigate('/settings') },
      ...THEMES.filter((t) => t.value !== theme).map((t) => ({
        id: `theme-${t.value}`,
        label: t.label,
        icon: t.icon,
        run: () => setTheme(t.value),
      })),
    ],
    [navigate, newChat, theme, setTheme],
  );
}

/** Mounts the Ctrl/⌘+K command palette once its code has loaded. */
export function PaletteHost() {
  const open = usePalette((s) => s.open);
  const impl = useLazyPart(palette);
  const actions = usePaletteActions();
  useEffect(() => {
    // A failed fetch leaves the palette closed; the next opening tries again.
    if (open && !impl) palette.load().catch(() => usePalette.getState().setOpen(false));
  }, [open, impl]);
  return impl ? <impl.CommandPalette actions={actions} /> : null;
}
