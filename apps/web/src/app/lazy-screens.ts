import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteDef, ScreenId } from '@parallax/contract';
import { loadGroup } from './groups/load-group';

const lazyScreens = new Map<ScreenId, LazyExoticComponent<ComponentType>>();

/** The screen of a route as a lazy component backed by its group's chunk (one per screen id). */
export function lazyScreen(route: RouteDef): LazyExoticComponent<ComponentType> {
  let component = lazyScreens.get(route.screen);
  if (!component) {
    component = lazy(async () => {
      const module = await loadGroup(route.group);
      const screen = module.screens[route.screen];
      if (!screen)
        throw new Error(`Screen "${route.screen}" is missing from the ${route.group} group`);
      return { default: screen };
    });
    lazyScreens.set(route.screen, component);
  }
  return component;
}
