import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 639px)';

function media(): MediaQueryList | null {
  // Environments without matchMedia (jsdom, old embedded browsers) get the wide layout.
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

/** True on a phone-sized screen, where panels become swipeable tabs. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = media();
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}
