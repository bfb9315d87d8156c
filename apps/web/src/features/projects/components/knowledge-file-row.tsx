import type { KnowledgeFile } from '@parallax/contract';
import { FileText, Trash2 } from 'lucide-react';
import { formatSize } from '../../../lib/format-numbers';
import { Badge } from '../../../ui/badge';
import { buttonClasses } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';

function StateBadge({ file }: { file: KnowledgeFile }) {
  if (file.state === 'indexing')
    return (
      <Badge>
        <Spinner size="sm" className="size-3" /> Indexing…
      </Badge>
    );
  if (file.state === 'ready') return <Badge tone="success">Ready</Badge>;
  return <Badge tone="danger">Failed</Badge>;
}

/** One knowledge file: name, size, indexing state (with the reason it failed), delete. */
export function KnowledgeFileRow({
  file,
  onDelete,
}: {
  file: KnowledgeFile;
  onDelete: (file: KnowledgeFile) => void;
}) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3">
      <FileText className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={file.filename}>
          {file.filename}
        </p>
        {/* Polite: "Indexing…" turning into "Ready" or "Failed" is read out, once. */}
        <div className="mt-1 flex flex-wrap items-center gap-2" aria-live="polite">
          <span className="text-xs text-fg-muted tabular-nums">{formatSize(file.size)}</span>
          <StateBadge file={file} />
        </div>
        {file.state === 'failed' && file.error && (
          <p className="mt-1 text-xs break-words text-red-700 dark:text-red-300">{file.error}</p>
        )}
      </div>
      <button
        type="button"
        aria-label={`Delete ${file.filename}`}
        className={buttonClasses('ghost', 'icon', 'size-8 text-fg-muted hover:text-fg')}
        onClick={() => onDelete(file)}
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}
