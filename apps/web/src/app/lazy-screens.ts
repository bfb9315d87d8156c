import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTES, type RouteDef, type ScreenId } from '@parallax/contract';
import { loadScreen } from './groups/load-group';

const lazyScreens = new Map<ScreenId, LazyExoticComponent<ComponentType>>();
const loadedScreens = new Map<ScreenId, ComponentType>();

async function loadAndKeep(route: RouteDef): Promise<ComponentType> {
  const component = await loadScreen(route.group, route.screen);
  loadedScreens.set(route.screen, component);
  return component;
}

/**
 * The screen of a route: the component itself once its chunk is in, else a lazy component
 * backed by the chunk. A lazy component suspends on its first render even when its chunk is
 * already loaded, which would flash the loading placeholder for a screen preloaded on purpose.
 */
export function screenComponent(route: RouteDef): ComponentType {
  const loaded = loadedScreens.get(route.screen);
  if (loaded) return loaded;
  let component = lazyScreens.get(route.screen);
  if (!component) {
    component = lazy(async () => ({ default: await loadAndKeep(route) }));
    lazyScreens.set(route.screen, component);
  }
  return component;
}

/** Screens a screen leads straight to: the first send from home opens the chat. */
const NEXT_SCREENS: Partial<Record<ScreenId, ScreenId>> = { home: 'chat-detail' };

/** Loads the screen the shown one leads to, so moving on renders without a placeholder. */
export function preloadNextScreen(screen: ScreenId): void {
  const next = NEXT_SCREENS[screen];
  const route = next && ROUTES.find((r) => r.screen === next);
  if (route && !loadedScreens.has(route.screen)) loadAndKeep(route).catch(() => undefined);
}
