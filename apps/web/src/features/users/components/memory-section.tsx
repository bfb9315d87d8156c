import { PERSONALIZATION_LIMITS } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import { toast } from '../../../ui/toast/toast-store';
import {
  deleteMemory,
  memoriesKey,
  personalizationKey,
  updateMemory,
  updatePersonalization,
  useMemories,
  usePersonalization,
} from '../../personalization';
import { MemoryRow } from './memory-row';
import { SectionLoadFailed } from './section-load-failed';

const reason = (e: unknown) => (e instanceof Error ? e.message : 'Please try again.');

/**
 * Memory: the "Use memory" switch (off until turned on) and every remembered fact, edited and
 * deleted here. /settings#memory (the "Memory updated" link) scrolls to it.
 */
export function MemorySection() {
  const ids = useId();
  const queryClient = useQueryClient();
  const settings = usePersonalization();
  const memories = useMemories();
  const location = useLocation();
  const section = useRef<HTMLDivElement>(null);
  const loaded = memories.data !== undefined;
  useEffect(() => {
    if (location.hash === '#memory' && loaded) section.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, loaded]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: memoriesKey });
  const switchMemory = async (on: boolean) => {
    try {
      queryClient.setQueryData(
        personalizationKey,
        await updatePersonalization({ memory_enabled: on }),
      );
      toast.success(on ? 'Memory on' : 'Memory off');
    } catch (e) {
      toast.error('Could not change memory', reason(e));
    }
  };
  const save = async (id: string, text: string) => {
    try {
      await updateMemory(id, text);
      refresh();
      return null;
    } catch (e) {
      return reason(e);
    }
  };
  const remove = async (id: string) => {
    try {
      await deleteMemory(id);
      toast.success('Memory deleted');
    } catch (e) {
      toast.error('Could not delete the memory', reason(e));
    } finally {
      refresh();
    }
  };

  const count = memories.data?.length ?? 0;
  return (
    <div id="memory" ref={section} className="scroll-mt-20">
      <section
        aria-labelledby={`${ids}-title`}
        className="rounded-2xl border border-line bg-surface p-5 shadow-soft sm:p-6"
      >
        <h2 id={`${ids}-title`} className="text-base font-semibold tracking-tight">
          Memory
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Facts you asked to be remembered (“Remember that…”, or “Remember…” on an answer), sent
          with every chat while memory is on. Never used in the vault.
        </p>
        <div className="mt-5 flex items-center justify-between gap-4">
          <span id={`${ids}-use`} className="text-sm font-medium">
            Use memory
          </span>
          {settings.data ? (
            <Switch
              aria-labelledby={`${ids}-use`}
              checked={settings.data.memory_enabled}
              onCheckedChange={(on) => void switchMemory(on)}
            />
          ) : (
            <Skeleton className="h-6 w-11 rounded-full" />
          )}
        </div>
        <div className="mt-4 border-t border-line">
          {memories.isError && !loaded ? (
            <div className="pt-4">
              <SectionLoadFailed what="memories" onRetry={() => void memories.refetch()} />
            </div>
          ) : !loaded ? (
            <div className="space-y-3 pt-4" aria-busy="true" aria-label="Loading memories">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          ) : count === 0 ? (
            <EmptyState
              icon={Bookmark}
              title="Nothing remembered yet"
              description="Turn on memory and say “Remember that I prefer metric units”, or use “Remember…” on an answer."
              className="py-8"
            />
          ) : (
            <>
              <ul className="divide-y divide-line" aria-label="Memories">
                {memories.data.map((m) => (
                  <MemoryRow
                    key={m.id}
                    memory={m}
                    onSave={(text) => save(m.id, text)}
                    onDelete={() => void remove(m.id)}
                  />
                ))}
              </ul>
              <p className="pt-2 text-xs text-fg-muted">
                {count} of {PERSONALIZATION_LIMITS.memoriesMax} memories
              </p>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
