import { KNOWLEDGE_LIMITS, type KnowledgeFile } from '@parallax/contract';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { cn } from '../../../lib/cn';
import { buttonClasses } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { useKnowledgeFiles } from '../api/list-knowledge-files';
import { useKnowledgeFileActions } from '../hooks/use-knowledge-file-actions';
import { KnowledgeFileRow } from './knowledge-file-row';

const MAX_MB = KNOWLEDGE_LIMITS.maxFileBytes / (1024 * 1024);

/** Whether a drag carries files (not text or a chat being dragged onto a project). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

/**
 * A project's knowledge files: drop them on the panel or pick them with the button; each shows
 * its indexing state, and deleting asks first.
 */
export function KnowledgeFilesPanel({ projectId }: { projectId: string }) {
  const files = useKnowledgeFiles(projectId);
  const actions = useKnowledgeFileActions(projectId);
  const [over, setOver] = useState(false);
  const [deleting, setDeleting] = useState<KnowledgeFile | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const list = files.data ?? [];
  const full = list.length >= KNOWLEDGE_LIMITS.maxFilesPerProject;

  const add = (chosen: FileList | null) => {
    if (chosen) void actions.upload([...chosen], list.length);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          Files
        </h2>
        <span className="text-xs text-fg-muted tabular-nums">
          {list.length} / {KNOWLEDGE_LIMITS.maxFilesPerProject}
        </span>
      </div>
      <p className="text-sm text-fg-muted">
        Each message in this project’s chats draws on the parts of these files that match it.
      </p>
      <div
        data-testid="knowledge-dropzone"
        data-over={over || undefined}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setOver(false);
          add(event.dataTransfer.files);
        }}
        className={cn(
          'flex flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-surface-2 px-3 py-4 text-center',
          over && 'border-accent bg-accent-soft',
        )}
      >
        <Upload className="size-5 text-fg-subtle" aria-hidden />
        <p className="text-sm text-fg-muted">Drop files here, or</p>
        <button
          type="button"
          className={buttonClasses('outline', 'sm')}
          disabled={full || actions.uploading}
          aria-describedby={`${id}-limits`}
          onClick={() => input.current?.click()}
        >
          {actions.uploading ? <Spinner size="sm" /> : null} Add files
        </button>
        <p id={`${id}-limits`} className="text-xs text-fg-muted">
          Text, Markdown, code, CSV or PDF · up to {MAX_MB} MB each ·{' '}
          {KNOWLEDGE_LIMITS.maxFilesPerProject} files
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={KNOWLEDGE_LIMITS.accept}
          // The visible button opens it: hidden, the picker is not a second control to AT.
          hidden
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {files.isLoading ? (
        <Skeleton className="h-16 rounded-xl" />
      ) : (
        list.length > 0 && (
          <ul aria-label="Project files" className="space-y-2">
            {list.map((file) => (
              <KnowledgeFileRow key={file.id} file={file} onDelete={setDeleting} />
            ))}
          </ul>
        )
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.filename ?? ''}”?`}
        description="Chats in this project will no longer draw on it. Answers that already used it keep its name under Sources."
        confirmLabel="Delete file"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const file = deleting;
          setDeleting(null);
          if (file) void actions.remove(file);
        }}
      />
    </section>
  );
}
