import { useMemo } from 'react';
import { wordDiff } from '../model/word-diff';
import type { PromptVersion } from '../model/prompt-versions';

const PANE =
  'max-h-[32rem] overflow-auto rounded-xl border border-line bg-surface p-3 text-sm leading-relaxed break-words whitespace-pre-wrap';

/**
 * Two versions side by side (stacked on a phone): the older one with the words taken out
 * struck through, the newer one with the words put in highlighted.
 */
export function VersionDiff({ before, after }: { before: PromptVersion; after: PromptVersion }) {
  const parts = useMemo(() => wordDiff(before.text, after.text), [before.text, after.text]);
  const added = parts.filter((p) => p.change === 'added').length;
  const removed = parts.filter((p) => p.change === 'removed').length;
  return (
    <div>
      <p className="mb-2 text-xs text-fg-muted" role="status">
        {added === 0 && removed === 0
          ? 'The two versions are the same.'
          : `${added} ${added === 1 ? 'addition' : 'additions'}, ${removed} ${removed === 1 ? 'removal' : 'removals'}.`}
      </p>
      <div className="grid gap-3 md:grid-cols-2 [&>*]:min-w-0">
        <section aria-label={`Version ${before.number}, words taken out marked`}>
          <h3 className="mb-1 text-sm font-semibold">Version {before.number}</h3>
          <div className={PANE} tabIndex={0}>
            {parts.map((part, i) =>
              part.change === 'added' ? null : part.change === 'removed' ? (
                <del
                  key={i}
                  className="rounded bg-red-100 text-red-900 decoration-red-700 dark:bg-red-950 dark:text-red-100 dark:decoration-red-300"
                >
                  {part.text}
                </del>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </div>
        </section>
        <section aria-label={`Version ${after.number}, words put in marked`}>
          <h3 className="mb-1 text-sm font-semibold">Version {after.number}</h3>
          <div className={PANE} tabIndex={0}>
            {parts.map((part, i) =>
              part.change === 'removed' ? null : part.change === 'added' ? (
                <ins
                  key={i}
                  className="rounded bg-green-100 text-green-900 no-underline dark:bg-green-950 dark:text-green-100"
                >
                  {part.text}
                </ins>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
