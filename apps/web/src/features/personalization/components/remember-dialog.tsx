import { PERSONALIZATION_LIMITS } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { FieldError, Textarea } from '../../../ui/input';
import { toast } from '../../../ui/toast/toast-store';
import { createMemory, memoriesKey } from '../api/personalization-api';
import { CharCounter } from './char-counter';

const MAX = PERSONALIZATION_LIMITS.memoryMaxChars;

/** "Remember…": the answer's text (or the part selected) to edit down and save as a memory. */
export function RememberDialog({
  initial,
  open,
  onClose,
}: {
  initial: string;
  open: boolean;
  onClose: () => void;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setText(initial);
      setError(null);
    }
  }, [open, initial]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fact = text.trim();
    if (fact === '') return setError('Write what should be remembered.');
    if (fact.length > MAX) return setError(`Keep it to ${MAX} characters or fewer.`);
    setSaving(true);
    try {
      await createMemory(fact);
      void queryClient.invalidateQueries({ queryKey: memoriesKey });
      toast.success('Memory saved');
      onClose();
    } catch (e) {
      // The text stays in the box: nothing typed is lost.
      setError(e instanceof Error ? e.message : 'Could not save the memory.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Remember"
      description={
        <>
          Keep only what should be remembered in later chats. Memory is used while{' '}
          <Link
            to="/settings#memory"
            onClick={onClose}
            className="font-medium text-accent underline"
          >
            Use memory
          </Link>{' '}
          is on.
        </>
      }
    >
      <form className="mt-4 space-y-3" onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${ids}-text`} className="sr-only">
          Memory
        </label>
        <Textarea
          id={`${ids}-text`}
          value={text}
          autoFocus
          aria-invalid={error !== null || text.trim().length > MAX}
          aria-describedby={`${ids}-count ${ids}-error`}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          className="min-h-32"
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CharCounter id={`${ids}-count`} length={text.trim().length} max={MAX} />
          <div className="flex gap-2">
            <button type="button" className={buttonClasses('outline')} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonClasses('primary')} disabled={saving}>
              Save memory
            </button>
          </div>
        </div>
        <FieldError id={`${ids}-error`} message={error} />
      </form>
    </Modal>
  );
}
