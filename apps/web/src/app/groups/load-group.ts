import { MESSAGES, type ScreenGroup, type ScreenId } from '@parallax/contract';
import type { ComponentType } from 'react';
import type { GroupModule } from './group-module';

/** One dynamic import per route group (spec §9); a group may split its screens further. */
export const GROUP_IMPORTERS: Record<ScreenGroup, () => Promise<GroupModule>> = {
  auth: () => import('./auth'),
  core: () => import('./core'),
  workspace: () => import('./workspace'),
  subscriptions: () => import('./subscriptions'),
  admin: () => import('./admin'),
};

export interface PreloadErrorDetail {
  group: ScreenGroup;
  error: unknown;
}

function raisePreloadError(group: ScreenGroup, error: unknown): void {
  window.dispatchEvent(
    new CustomEvent<PreloadErrorDetail>(MESSAGES.preloadErrorEvent, { detail: { group, error } }),
  );
}

const cache = new Map<ScreenGroup, Promise<GroupModule>>();

/**
 * Loads a group's module once. On failure it raises the spec's `preload-error` event and rethrows;
 * the failed promise is dropped so a later attempt (e.g. Try Again) can fetch the chunk afresh.
 */
export function loadGroup(
  group: ScreenGroup,
  importers: Record<ScreenGroup, () => Promise<GroupModule>> = GROUP_IMPORTERS,
): Promise<GroupModule> {
  const cached = cache.get(group);
  if (cached) return cached;
  const pending = importers[group]().catch((error: unknown) => {
    cache.delete(group);
    raisePreloadError(group, error);
    throw error;
  });
  cache.set(group, pending);
  return pending;
}

/** One screen's component: its group's module, then the screen's own chunk if it has one. */
export async function loadScreen(
  group: ScreenGroup,
  screen: ScreenId,
  importers: Record<ScreenGroup, () => Promise<GroupModule>> = GROUP_IMPORTERS,
): Promise<ComponentType> {
  const module = await loadGroup(group, importers);
  const load = module.screens[screen];
  if (!load) throw new Error(`Screen "${screen}" is missing from the ${group} group`);
  try {
    return await load();
  } catch (error) {
    raisePreloadError(group, error);
    throw error;
  }
}

/** Preloads every screen of a group (spec §9); failures raise preload-error, then reject. */
export async function preloadGroup(
  group: ScreenGroup,
  importers: Record<ScreenGroup, () => Promise<GroupModule>> = GROUP_IMPORTERS,
): Promise<void> {
  const module = await loadGroup(group, importers);
  const screens = Object.keys(module.screens) as ScreenId[];
  await Promise.all(screens.map((screen) => loadScreen(group, screen, importers)));
}

/** Test seam: forget loaded groups. */
export function resetLoadedGroups(): void {
  cache.clear();
}
