import type { VaultSendRequest, VaultSendResponse } from '@parallax/contract';
import { Paperclip, SendHorizontal, Square, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Textarea } from '../../../ui/input';
import { useModels } from '../../chat';
import { sendVaultMessage } from '../api/send-vault-message';
import { vaultErrorText } from '../hooks/error-text';

/** A turn about to be sent: the dialog follows its answer on the socket before the send. */
export type VaultTurn = Omit<VaultSendRequest, 'provider' | 'model'>;

interface VaultComposerProps {
  /** The vault chat to continue; undefined starts a new one. */
  conversationId: string | undefined;
  /** The turn of this chat whose answer is streaming, if any: Stop replaces Send. */
  running: string | null;
  onSending: (messageId: string) => void;
  onSent: (result: VaultSendResponse) => void;
  onFailed: (messageId: string) => void;
  onStop: () => void;
}

/** Asks inside the vault: the answer streams in like any chat's, and is stored only sealed. */
export function VaultComposer({
  conversationId,
  running,
  onSending,
  onSent,
  onFailed,
  onStop,
}: VaultComposerProps) {
  const id = useId();
  const models = useModels();
  const usable = (models.data ?? []).filter((m) => m.available);
  const [modelId, setModelId] = useState<string | null>(null);
  const model = usable.find((m) => m.id === modelId) ?? usable[0];
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (text.trim() === '' || !model || busy || running !== null) return;
    setBusy(true);
    setError(null);
    const messageId = crypto.randomUUID();
    onSending(messageId);
    try {
      const result = await sendVaultMessage(
        {
          message: text,
          message_id: messageId,
          provider: model.provider,
          model: model.id,
          ...(conversationId ? { conversation_id: conversationId } : {}),
        },
        files,
      );
      setText('');
      setFiles([]);
      onSent(result);
    } catch (err) {
      onFailed(messageId);
      setError(vaultErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mt-4 space-y-2" onSubmit={(e) => void send(e)} noValidate>
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attachments">
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
                onClick={() => setFiles(files.filter((_, i) => i !== index))}
                className="grid size-5 place-items-center rounded text-fg-subtle hover:bg-surface-3 hover:text-fg"
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-text`} className="sr-only">
        Message in the vault
      </label>
      <Textarea
        id={`${id}-text`}
        value={text}
        rows={2}
        className="min-h-16"
        placeholder="Ask privately…"
        disabled={busy}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
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
            data-testid="vault-file-input"
            onChange={(e) => {
              setFiles([...files, ...Array.from(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <label className="flex min-w-0 items-center gap-2 text-xs text-fg-muted">
            Model
            <select
              className="h-8 max-w-40 rounded-lg border border-line bg-surface px-2 text-xs text-fg"
              value={model?.id ?? ''}
              onChange={(e) => setModelId(e.target.value)}
            >
              {usable.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.friendly_name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {running !== null ? (
          <Button type="button" variant="secondary" onClick={onStop}>
            <Square className="size-3.5 fill-current" aria-hidden /> Stop
          </Button>
        ) : (
          <Button type="submit" loading={busy} disabled={!model || text.trim() === ''}>
            <SendHorizontal className="size-4" aria-hidden /> Send
          </Button>
        )}
      </div>
    </form>
  );
}
