import { SUPPORT_LIMITS, type SupportAttachment } from '@parallax/contract';
import { Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { buttonClasses } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { uploadSupportFile } from '../api/support-api';
import { fileSize } from '../model/support-labels';

const ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,text/*,.md,.csv,.json,.log,application/pdf';

/** Uploads each chosen file at once; the ticket or reply sends only their ids. */
export function AttachmentPicker({
  files,
  onChange,
  disabled,
}: {
  files: SupportAttachment[];
  onChange: (files: SupportAttachment[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const full = files.length + uploading >= SUPPORT_LIMITS.attachmentsPerMessage;

  const pick = async (chosen: FileList | null) => {
    if (!chosen) return;
    setError(null);
    const room = SUPPORT_LIMITS.attachmentsPerMessage - files.length;
    const list = [...chosen].slice(0, room);
    if (chosen.length > room)
      setError(`At most ${SUPPORT_LIMITS.attachmentsPerMessage} files per message.`);
    setUploading(list.length);
    const added: SupportAttachment[] = [];
    for (const file of list) {
      try {
        added.push(await uploadSupportFile(file));
      } catch (e) {
        setError(e instanceof Error ? e.message : `${file.name} could not be uploaded.`);
      }
    }
    setUploading(0);
    onChange([...files, ...added]);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <label
          className={buttonClasses(
            'outline',
            'sm',
            cn(
              'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
              (full || disabled) && 'pointer-events-none opacity-60',
            ),
          )}
        >
          <Paperclip className="size-4" aria-hidden /> Attach files
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            disabled={full || disabled}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => void pick(e.target.files)}
          />
        </label>
        {uploading > 0 && <Spinner size="sm" label="Uploading" />}
        <span className="text-xs text-fg-subtle">Images, text or PDF, up to 10 MB each</span>
      </div>
      {files.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Attached files">
          {files.map((f) => (
            <li
              key={f.id}
              className="flex max-w-full items-center gap-1.5 rounded-lg border border-line bg-surface-2 px-2 py-1 text-xs"
            >
              <span className="truncate">{f.filename}</span>
              <span className="shrink-0 text-fg-subtle">{fileSize(f.size)}</span>
              <button
                type="button"
                className="shrink-0 rounded p-0.5 text-fg-muted hover:text-fg"
                aria-label={`Remove ${f.filename}`}
                onClick={() => onChange(files.filter((x) => x.id !== f.id))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p
          id={errorId}
          role="alert"
          className="mt-1.5 text-xs font-medium text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </div>
  );
}
