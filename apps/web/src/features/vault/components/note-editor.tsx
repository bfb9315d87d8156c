import { VAULT_NOTE_BODY_MAX, VAULT_NOTE_TITLE_MAX, type VaultNote } from '@parallax/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { FieldError, Input, Textarea } from '../../../ui/input';
import { vaultErrorText } from '../hooks/error-text';

interface NoteEditorProps {
  /** The note to edit, 'new' for a new one, null when closed. */
  note: VaultNote | 'new' | null;
  onSave: (content: { title: string; body: string }) => Promise<void>;
  onDelete: (note: VaultNote) => Promise<void>;
  onClose: () => void;
}

/** A secure note's title and markdown body, saved sealed in the vault. */
export function NoteEditor({ note, onSave, onDelete, onClose }: NoteEditorProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTitle(note && note !== 'new' ? note.title : '');
    setBody(note && note !== 'new' ? note.body : '');
    setError(null);
  }, [note]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (title.trim() === '') {
      setError('Give the note a title.');
      return;
    }
    setBusy(true);
    try {
      await onSave({ title: title.trim(), body });
    } catch (err) {
      setError(vaultErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={note !== null}
      onOpenChange={(open) => !open && onClose()}
      title={note === 'new' ? 'New note' : 'Edit note'}
      description="Notes are stored encrypted, like everything in the vault. Markdown works."
      className="max-w-2xl"
    >
      <form className="mt-4 space-y-4" onSubmit={(e) => void save(e)} noValidate>
        <div>
          <label htmlFor={`${id}-title`} className="mb-1.5 block text-sm font-medium">
            Title
          </label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={VAULT_NOTE_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            autoFocus
          />
        </div>
        <div>
          <label htmlFor={`${id}-body`} className="mb-1.5 block text-sm font-medium">
            Note
          </label>
          <Textarea
            id={`${id}-body`}
            value={body}
            maxLength={VAULT_NOTE_BODY_MAX}
            rows={10}
            className="font-mono text-[13px]"
            onChange={(e) => setBody(e.target.value)}
          />
        </div>
        <FieldError id={`${id}-error`} message={error} />
        <div className="flex flex-wrap justify-between gap-2">
          {note && note !== 'new' ? (
            <Button variant="danger" onClick={() => void onDelete(note)}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save note
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
