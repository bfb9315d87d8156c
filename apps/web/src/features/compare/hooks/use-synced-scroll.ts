import { useCallback, useRef } from 'react';

type RefCallback = (element: HTMLDivElement | null) => void;

/**
 * Scroll positions shared between panels when `synced`: the panel scrolled by the user sets
 * the others to the same fraction of their height (answers differ in length). The callbacks
 * are stable per panel, so memoised panels do not re-render for them.
 */
export function useSyncedScroll(synced: boolean) {
  const elements = useRef(new Map<number, HTMLDivElement>());
  const driving = useRef<number | null>(null);
  const syncedRef = useRef(synced);
  syncedRef.current = synced;
  const refs = useRef(new Map<number, RefCallback>());
  const scrolls = useRef(new Map<number, () => void>());

  const refFor = useCallback((index: number): RefCallback => {
    let ref = refs.current.get(index);
    if (!ref) {
      ref = (element) => {
        if (element) elements.current.set(index, element);
        else elements.current.delete(index);
      };
      refs.current.set(index, ref);
    }
    return ref;
  }, []);

  const onScroll = useCallback((index: number): (() => void) => {
    let handler = scrolls.current.get(index);
    if (!handler) {
      handler = () => {
        if (!syncedRef.current || (driving.current !== null && driving.current !== index)) return;
        const source = elements.current.get(index);
        if (!source) return;
        driving.current = index;
        const range = source.scrollHeight - source.clientHeight;
        const fraction = range > 0 ? source.scrollTop / range : 0;
        for (const [other, element] of elements.current) {
          if (other !== index)
            element.scrollTop = fraction * (element.scrollHeight - element.clientHeight);
        }
        requestAnimationFrame(() => {
          driving.current = null;
        });
      };
      scrolls.current.set(index, handler);
    }
    return handler;
  }, []);

  return { refFor, onScroll };
}
