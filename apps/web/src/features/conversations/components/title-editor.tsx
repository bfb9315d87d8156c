import { CONVERSATION_TITLE_MAX_CHARS } from '@parallax/contract';
import { useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';

interface TitleEditorProps {
  initial: string;
  onSave: (title: string) => void;
  onCancel: () => void;
  className?: string;
}

/** Inline rename: Enter or leaving the field saves, Escape cancels; an unchanged title is no save. */
export function TitleEditor({ initial, onSave, onCancel, className }: TitleEditorProps) {
  const [title, setTitle] = useState(initial);
  const save = () => {
    const next = title.trim();
    if (next && next !== initial) onSave(next);
    else onCancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') save();
    if (event.key === 'Escape') {
      // Escape here cancels the rename only, never a running answer.
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };
  return (
    <input
      aria-label="Conversation title"
      value={title}
      autoFocus
      maxLength={CONVERSATION_TITLE_MAX_CHARS}
      onChange={(e) => setTitle(e.target.value)}
      onBlur={save}
      onKeyDown={onKeyDown}
      onFocus={(e) => e.currentTarget.select()}
      className={cn(
        'h-8 min-w-0 flex-1 rounded-lg border border-accent bg-surface px-2 text-sm focus:outline-none focus:ring-2 focus:ring-accent/60',
        className,
      )}
    />
  );
}
