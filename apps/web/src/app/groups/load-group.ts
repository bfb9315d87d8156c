import { MESSAGES, type ScreenGroup } from '@parallax/contract';
import type { GroupModule } from './group-module';

/** One dynamic import per route group (spec §9): each group is one chunk. */
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

const cache = new Map<ScreenGroup, Promise<GroupModule>>();

/**
 * Loads a group's chunk once. On failure it raises the spec's `preload-error` event and rethrows;
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
    window.dispatchEvent(
      new CustomEvent<PreloadErrorDetail>(MESSAGES.preloadErrorEvent, { detail: { group, error } }),
    );
    throw error;
  });
  cache.set(group, pending);
  return pending;
}

/** Test seam: forget loaded groups. */
export function resetLoadedGroups(): void {
  cache.clear();
}
