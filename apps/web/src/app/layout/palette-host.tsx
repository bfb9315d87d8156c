import { useEffect } from 'react';
import { usePalette } from '../../features/search';
import { lazyPart, useLazyPart } from '../../ui/lazy/lazy-part';

// The palette's code arrives the first time it opens (or when the browser is idle before that).
const palette = lazyPart(() => import('../../features/search/components/command-palette'));

/** Mounts the Ctrl/⌘+K command palette once its code has loaded. */
export function PaletteHost() {
  const open = usePalette((s) => s.open);
  const impl = useLazyPart(palette);
  useEffect(() => {
    // A failed fetch leaves the palette closed; the next opening tries again.
    if (open && !impl) palette.load().catch(() => usePalette.getState().setOpen(false));
  }, [open, impl]);
  return impl ? <impl.CommandPalette /> : null;
}
