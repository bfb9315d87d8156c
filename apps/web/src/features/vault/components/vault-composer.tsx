import type { VaultSendResponse } from '@parallax/contract';
import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Textarea } from '../../../ui/input';
import { useModels } from '../../chat';
import { sendVaultMessage } from '../api/vault-items';
import { vaultErrorText } from '../hooks/error-text';

interface VaultComposerProps {
  /** The vault chat to continue; undefined starts a new one. */
  conversationId: string | undefined;
  onAnswered: (result: VaultSendResponse) => void;
}

/** Asks inside the vault: the answer is shown once complete, and stored only sealed. */
export function VaultComposer({ conversationId, onAnswered }: VaultComposerProps) {
  const id = useId();
  const models = useModels();
  const usable = (models.data ?? []).filter((m) => m.available);
  const [modelId, setModelId] = useState<string | null>(null);
  const model = usable.find((m) => m.id === modelId) ?? usable[0];
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (text.trim() === '' || !model || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await sendVaultMessage({
        message: text,
        message_id: crypto.randomUUID(),
        provider: model.provider,
        model: model.id,
        ...(conversationId ? { conversation_id: conversationId } : {}),
      });
      setText('');
      onAnswered(result);
    } catch (err) {
      setError(vaultErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mt-4 space-y-2" onSubmit={(e) => void send(e)} noValidate>
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
        <label className="flex min-w-0 items-center gap-2 text-xs text-fg-muted">
          Model
          <select
            className="h-8 max-w-48 rounded-lg border border-line bg-surface px-2 text-xs text-fg"
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
        <Button type="submit" loading={busy} disabled={!model || text.trim() === ''}>
          <SendHorizontal className="size-4" aria-hidden /> {busy ? 'Answering…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
