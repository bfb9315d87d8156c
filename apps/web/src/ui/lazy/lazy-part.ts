import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module fetched on demand and readable synchronously once it has arrived. The UI primitives
 * built on Radix (tooltip, menu, dialog) are parts like this, so that the first paint of a
 * screen does not wait for code that only matters once someone hovers, clicks or opens.
 */
export interface LazyPart<M> {
  /** Fetches the module once; a failed fetch is forgotten so a later call tries again. */
  load(): Promise<M>;
  current(): M | null;
  subscribe(listener: () => void): () => void;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importer().then(
        (loaded) => {
          module = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => module,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * How long after a user of a part mounts before the part is fetched: past the screen's first
 * content (its data usually lands well within this), in step with the spec's 1 s preloads.
 */
const WARM_DELAY_MS = 1_000;
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Loads `part` a moment after the first render, once the browser is idle (a fetch failure is
 * ignored: the part loads again on use).
 */
export function loadWhenIdle<M>(part: LazyPart<M>): void {
  if (part.current()) return;
  const load = () => void part.load().catch(() => undefined);
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
    else load();
  }, WARM_DELAY_MS);
}

/**
 * The part's module, or null until it has arrived. With `warm`, a mounted user of the part
 * fetches it shortly after the first render, so that it is usually there before the first
 * interaction.
 */
export function useLazyPart<M>(part: LazyPart<M>, warm = true): M | null {
  const module = useSyncExternalStore(part.subscribe, part.current, part.current);
  useEffect(() => {
    if (warm && !module) loadWhenIdle(part);
  }, [part, warm, module]);
  return module;
}
