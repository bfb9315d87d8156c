import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteDef, ScreenId } from '@parallax/contract';
import { loadScreen } from './groups/load-group';

const lazyScreens = new Map<ScreenId, LazyExoticComponent<ComponentType>>();

/** The screen of a route as a lazy component backed by its chunk (one per screen id). */
export function lazyScreen(route: RouteDef): LazyExoticComponent<ComponentType> {
  let component = lazyScreens.get(route.screen);
  if (!component) {
    component = lazy(async () => ({ default: await loadScreen(route.group, route.screen) }));
    lazyScreens.set(route.screen, component);
  }
  return component;
}
