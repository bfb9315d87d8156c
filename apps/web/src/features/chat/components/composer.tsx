import { LIMITS } from '@parallax/contract';
import { ArrowUp, Paperclip, Square, X } from 'lucide-react';
import {
  forwardRef,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../../lib/cn';

export const COMPOSER_ID = 'composer';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  files: File[];
  onFilesChange: (files: File[]) => void;
  /** Called on Enter or the send button with a non-empty text; the owner clears the box. */
  onSend: () => void;
  /** Shown instead of Send while an answer streams. */
  onStop?: (() => void) | undefined;
  busy?: boolean;
  /** Left of the send button: the model picker. */
  toolbar?: ReactNode;
  footer?: ReactNode;
  placeholder?: string;
  /** Ties the box to a menu over it (the "/" templates menu) for assistive technology. */
  inputProps?: { 'aria-controls'?: string; 'aria-activedescendant'?: string };
}

const formatCount = (n: number) => n.toLocaleString('en-US');

/** The message box: Enter sends, Shift+Enter breaks the line; files by click, drop or paste. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  {
    value,
    onChange,
    files,
    onFilesChange,
    onSend,
    onStop,
    busy = false,
    toolbar,
    footer,
    placeholder,
    inputProps,
  },
  ref,
) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const length = value.length;
  const canSend = value.trim().length > 0 && !busy;

  const addFiles = (incoming: FileList | File[] | null) => {
    if (!incoming || incoming.length === 0) return;
    onFilesChange([...files, ...Array.from(incoming)]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (event.clipboardData.files.length === 0) return;
    event.preventDefault();
    addFiles(event.clipboardData.files);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'relative rounded-2xl border bg-surface shadow-soft transition-colors focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/60',
        dragging ? 'border-accent ring-2 ring-accent/30' : 'border-line',
      )}
    >
      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-10 grid place-items-center rounded-2xl bg-accent-soft/80 text-sm font-medium text-accent-soft-fg">
          Drop files to attach
        </div>
      )}
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2 px-3 pt-3" aria-label="Attachments">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex max-w-56 items-center gap-1.5 rounded-lg border border-line bg-surface-2 py-1 pr-1 pl-2.5 text-xs"
            >
              <Paperclip className="size-3 shrink-0 text-fg-subtle" aria-hidden />
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
                className="grid size-5 place-items-center rounded text-fg-subtle hover:bg-surface-3 hover:text-fg"
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={COMPOSER_ID} className="sr-only">
        Message
      </label>
      <textarea
        ref={ref}
        id={COMPOSER_ID}
        rows={2}
        maxLength={LIMITS.messageMaxChars}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        {...inputProps}
        placeholder={placeholder ?? 'Ask anything…'}
        className="field-sizing-content block max-h-64 min-h-16 w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[15px] leading-relaxed placeholder:text-fg-subtle focus:outline-none"
      />
      <div className="flex items-center justify-between gap-2 px-2.5 pb-2.5">
        <div className="flex min-w-0 items-center gap-1.5">
          <button
            type="button"
            aria-label="Attach files"
            onClick={() => fileInput.current?.click()}
            className="grid size-8 shrink-0 place-items-center rounded-full text-fg-muted hover:bg-surface-2 hover:text-fg"
          >
            <Paperclip className="size-4" aria-hidden />
          </button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            data-testid="composer-file-input"
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          {toolbar}
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <span
            className={cn(
              'text-xs tabular-nums',
              length >= LIMITS.messageMaxChars
                ? 'text-red-600 dark:text-red-400'
                : 'text-fg-subtle',
            )}
            aria-live="polite"
          >
            {formatCount(length)} / {formatCount(LIMITS.messageMaxChars)}
          </span>
          {onStop ? (
            <button
              type="button"
              onClick={onStop}
              aria-label="Stop generating"
              className="grid size-9 place-items-center rounded-full bg-fg text-canvas hover:opacity-90"
            >
              <Square className="size-3.5 fill-current" aria-hidden />
            </button>
          ) : (
            <button
              type="button"
              disabled={!canSend}
              onClick={onSend}
              aria-label="Send message"
              className="grid size-9 place-items-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover disabled:opacity-40"
            >
              <ArrowUp className="size-4" aria-hidden />
            </button>
          )}
        </div>
      </div>
      {footer}
    </div>
  );
});
