import type { PromptTemplate, PromptTemplateVersion } from '@parallax/contract';
import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatWhen } from '../../../lib/format-when';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useTemplateVersions } from '../api/template-versions';
import { diffLines } from '../lib/line-diff';

/** One version's text against the current one: removed lines struck, added ones marked. */
function VersionDiff({ from, to }: { from: string; to: string }) {
  const lines = diffLines(from, to);
  if (lines.every((l) => l.kind === 'same'))
    return <p className="text-sm text-fg-muted">The prompt is the same as the current one.</p>;
  return (
    <pre
      className="max-h-72 overflow-auto rounded-xl border border-line bg-surface-2 p-2 text-xs leading-relaxed whitespace-pre-wrap break-words"
      aria-label="Changes from this version to the current one"
    >
      {lines.map((l, i) => (
        <div
          key={i}
          className={cn(
            'px-1',
            l.kind === 'added' &&
              'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
            l.kind === 'removed' &&
              'bg-red-100 text-red-900 line-through dark:bg-red-950 dark:text-red-200',
          )}
        >
          <span aria-hidden className="select-none">
            {l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '− ' : '  '}
          </span>
          <span className="sr-only">{l.kind === 'same' ? '' : `${l.kind}: `}</span>
          {l.text || ' '}
        </div>
      ))}
    </pre>
  );
}

/** Every saved version of a template; pick one to see what changed since, and restore it. */
export function VersionHistoryDialog({
  template,
  onClose,
  onRestore,
}: {
  template: PromptTemplate | null;
  onClose: () => void;
  onRestore: (version: number) => Promise<unknown>;
}) {
  const versions = useTemplateVersions(template?.id ?? null);
  const [selected, setSelected] = useState<PromptTemplateVersion | null>(null);
  const [restoring, setRestoring] = useState(false);
  const list = versions.data ?? [];

  useEffect(() => {
    setSelected(list[1] ?? list[0] ?? null);
    // Select once per loaded list, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [versions.data]);

  return (
    <Modal
      open={template !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`History of “${template?.title ?? ''}”`}
      description="Every save is kept. Pick a version to see what changed since, then restore it if you like."
      className="max-h-[92dvh] max-w-3xl overflow-y-auto p-4 sm:p-6"
    >
      {versions.isLoading ? (
        <Skeleton className="mt-4 h-40 rounded-xl" />
      ) : versions.error ? (
        <LoadFailed
          icon={History}
          title="The history could not be loaded"
          error={versions.error}
          onRetry={() => void versions.refetch()}
        />
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-[12rem_minmax(0,1fr)]">
          <ul className="flex gap-1.5 overflow-x-auto md:flex-col" aria-label="Versions">
            {list.map((v) => (
              <li key={v.version} className="shrink-0">
                <button
                  type="button"
                  aria-pressed={selected?.version === v.version}
                  onClick={() => setSelected(v)}
                  className={cn(
                    'w-full rounded-lg border px-3 py-2 text-left text-sm',
                    selected?.version === v.version
                      ? 'border-accent bg-accent-soft text-accent-soft-fg'
                      : 'border-line hover:bg-surface-2',
                  )}
                >
                  <span className="block font-medium">
                    Version {v.version}
                    {v.version === template?.version ? ' (current)' : ''}
                  </span>
                  <span className="block text-xs opacity-80">{formatWhen(v.created_at)}</span>
                </button>
              </li>
            ))}
          </ul>
          {selected && template && (
            <div className="min-w-0 space-y-3">
              <p className="text-sm font-medium break-words">{selected.title}</p>
              <VersionDiff from={selected.body} to={template.body} />
              {template.can_edit && selected.version !== template.version && (
                <Button
                  loading={restoring}
                  onClick={() => {
                    setRestoring(true);
                    void onRestore(selected.version).finally(() => setRestoring(false));
                  }}
                >
                  Restore version {selected.version}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
