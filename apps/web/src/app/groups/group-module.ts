import type { ComponentType } from 'react';
import type { ScreenId } from '@parallax/contract';

/** Fetches one screen's component (its own chunk, or its group's chunk already loaded). */
export type ScreenLoader = () => Promise<ComponentType>;

/** What each lazily loaded route-group module exports. */
export interface GroupModule {
  screens: Partial<Record<ScreenId, ScreenLoader>>;
}

/** A loader for a screen that came in its group's own chunk. */
export function ready(screen: ComponentType): ScreenLoader {
  return () => Promise.resolve(screen);
}
