import { SUPPORT_LIMITS, type SupportAttachment } from '@parallax/contract';
import { Send } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Textarea } from '../../../ui/input';
import { AttachmentPicker } from './attachment-picker';

/** A markdown reply with files. `onSend` answers an error text, or null when it was sent. */
export function ReplyBox({
  label,
  placeholder,
  sendLabel,
  onSend,
  extra,
}: {
  label: string;
  placeholder: string;
  sendLabel: string;
  onSend: (message: string, attachmentIds: string[]) => Promise<string | null>;
  /** More controls beside the send button (the admin's internal-note switch), held while a send is on its way. */
  extra?: (sending: boolean) => ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<SupportAttachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (text.trim().length === 0) return setError('Enter a message.');
    setSending(true);
    const failed = await onSend(
      text,
      files.map((f) => f.id),
    );
    setSending(false);
    setError(failed);
    if (failed === null) {
      setText('');
      setFiles([]);
    }
  };

  return (
    <form
      className="space-y-2 rounded-2xl border border-line bg-surface p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Textarea
        id={id}
        value={text}
        maxLength={SUPPORT_LIMITS.messageMaxChars}
        placeholder={placeholder}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void send();
        }}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <AttachmentPicker files={files} onChange={setFiles} disabled={sending} />
        <div className="flex flex-wrap items-center gap-3">
          {extra?.(sending)}
          <Button type="submit" disabled={sending}>
            <Send className="size-4" aria-hidden /> {sendLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
