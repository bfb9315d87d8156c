import { MESSAGES, type ScreenGroup } from '@parallax/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  loadGroup,
  loadScreen,
  preloadGroup,
  resetLoadedGroups,
  type PreloadErrorDetail,
} from './groups/load-group';
import type { GroupModule } from './groups/group-module';
import { planPreloads } from './preload';

/** The same importer standing in for every route group. */
function everyGroup(
  importer: () => Promise<GroupModule>,
): Record<ScreenGroup, () => Promise<GroupModule>> {
  return {
    auth: importer,
    core: importer,
    workspace: importer,
    subscriptions: importer,
    admin: importer,
  };
}

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
    const importers = everyGroup(importer);
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

describe('screens with chunks of their own (core)', () => {
  function Home() {
    return null;
  }
  function ChatDetail() {
    return null;
  }

  it('loads only the asked screen; a failed screen chunk raises preload-error and can be retried', async () => {
    resetLoadedGroups();
    const failure = new Error('chat chunk 404');
    const loadHome = vi.fn(async () => Home);
    const loadChat = vi
      .fn<() => Promise<typeof ChatDetail>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(ChatDetail);
    const core: GroupModule = { screens: { home: loadHome, 'chat-detail': loadChat } };
    const importer = vi.fn(async () => core);
    const importers = everyGroup(importer);
    const seen: PreloadErrorDetail[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<PreloadErrorDetail>).detail);
    window.addEventListener(MESSAGES.preloadErrorEvent, listener);
    await expect(loadScreen('core', 'chat-detail', importers)).rejects.toBe(failure);
    expect(seen).toEqual([{ group: 'core', error: failure }]);
    await expect(loadScreen('core', 'chat-detail', importers)).resolves.toBe(ChatDetail);
    expect(loadHome).not.toHaveBeenCalled();
    await preloadGroup('core', importers);
    expect(loadHome).toHaveBeenCalledTimes(1);
    await expect(loadScreen('core', 'compare', importers)).rejects.toThrow(
      'Screen "compare" is missing from the core group',
    );
    window.removeEventListener(MESSAGES.preloadErrorEvent, listener);
  });
});
