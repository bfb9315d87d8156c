import { PERSONALIZATION_LIMITS, type Memory } from '@parallax/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '../../../ui/button';
import { FieldError, Textarea } from '../../../ui/input';
import { CharCounter } from '../../personalization';

const MAX = PERSONALIZATION_LIMITS.memoryMaxChars;

/** One remembered fact: its text, edited in place, or deleted. */
export function MemoryRow({
  memory,
  onSave,
  onDelete,
}: {
  memory: Memory;
  /** Answers an error to show, or null once saved. */
  onSave: (text: string) => Promise<string | null>;
  onDelete: () => void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = (draft ?? '').trim();
    if (text === '') return setError('A memory cannot be empty; delete it instead.');
    if (text.length > MAX) return setError(`Keep it to ${MAX} characters or fewer.`);
    setSaving(true);
    const failed = await onSave(text);
    setSaving(false);
    if (failed) return setError(failed);
    setDraft(null);
  };

  if (draft !== null)
    return (
      <li className="py-3">
        <form onSubmit={(e) => void submit(e)} className="space-y-2">
          <label htmlFor={`${ids}-text`} className="sr-only">
            Edit memory
          </label>
          <Textarea
            id={`${ids}-text`}
            value={draft}
            autoFocus
            aria-invalid={error !== null || draft.trim().length > MAX}
            aria-describedby={`${ids}-count ${ids}-error`}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setDraft(null);
            }}
            className="min-h-20"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CharCounter id={`${ids}-count`} length={draft.trim().length} max={MAX} />
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonClasses('ghost', 'sm')}
                onClick={() => setDraft(null)}
              >
                Cancel
              </button>
              <button type="submit" className={buttonClasses('primary', 'sm')} disabled={saving}>
                Save
              </button>
            </div>
          </div>
          <FieldError id={`${ids}-error`} message={error} />
        </form>
      </li>
    );

  return (
    <li className="flex items-start gap-2 py-3" data-testid="memory-row">
      <p className="min-w-0 flex-1 text-sm break-words whitespace-pre-wrap">{memory.text}</p>
      <button
        type="button"
        aria-label={`Edit memory: ${memory.text}`}
        onClick={() => setDraft(memory.text)}
        className="grid size-8 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg"
      >
        <Pencil className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        aria-label={`Delete memory: ${memory.text}`}
        onClick={onDelete}
        className="grid size-8 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-red-700 dark:hover:text-red-400"
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}
