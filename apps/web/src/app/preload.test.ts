import { MESSAGES } from '@parallax/contract';
import { describe, expect, it, vi } from 'vitest';
import { loadGroup, resetLoadedGroups, type PreloadErrorDetail } from './groups/load-group';
import type { GroupModule } from './groups/group-module';
import { planPreloads } from './preload';

describe('preload plan (spec §9)', () => {
  it('home → workspace and subscriptions after 1 s, the rest after 5 s', () => {
    expect(planPreloads('home', 'core')).toEqual([
      { group: 'workspace', delayMs: 1000 },
      { group: 'subscriptions', delayMs: 1000 },
      { group: 'auth', delayMs: 5000 },
      { group: 'admin', delayMs: 5000 },
    ]);
  });

  it('login → auth after 0.5 s and core after 2 s', () => {
    const plan = planPreloads('login', 'auth');
    expect(plan).toContainEqual({ group: 'auth', delayMs: 500 });
    expect(plan).toContainEqual({ group: 'core', delayMs: 2000 });
  });

  it('projects → workspace and core after 1 s', () => {
    const plan = planPreloads('projects', 'core');
    expect(plan).toContainEqual({ group: 'workspace', delayMs: 1000 });
    expect(plan).toContainEqual({ group: 'core', delayMs: 1000 });
  });
});

describe('loadGroup', () => {
  it('raises preload-error with the group and error, then rethrows; a later call retries', async () => {
    resetLoadedGroups();
    const failure = new Error('chunk 404');
    const ok: GroupModule = { screens: {} };
    const importer = vi
      .fn<() => Promise<GroupModule>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(ok);
    const importers = {
      auth: importer,
      core: importer,
      workspace: importer,
      subscriptions: importer,
      admin: importer,
    };
    const seen: PreloadErrorDetail[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<PreloadErrorDetail>).detail);
    window.addEventListener(MESSAGES.preloadErrorEvent, listener);
    await expect(loadGroup('workspace', importers)).rejects.toBe(failure);
    expect(seen).toEqual([{ group: 'workspace', error: failure }]);
    await expect(loadGroup('workspace', importers)).resolves.toBe(ok);
    await expect(loadGroup('workspace', importers)).resolves.toBe(ok);
    expect(importer).toHaveBeenCalledTimes(2);
    window.removeEventListener(MESSAGES.preloadErrorEvent, listener);
  });
});
