import { CONVERSATION_DEFAULT_TITLE, type Conversation } from '@parallax/contract';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { StarToggle } from '../../../ui/star-toggle';

const ICON_BUTTON =
  'grid size-7 shrink-0 place-items-center rounded-md text-fg-muted hover:bg-surface-3 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring';

interface ChatActionButtonsProps {
  conversation: Pick<Conversation, 'title' | 'is_favourite'>;
  onToggleFavourite: () => void;
  onRename: () => void;
  onDelete: () => void;
  /** More actions after these (the chat's menu). */
  more?: ReactNode;
  className?: string;
}

/** Favourite, rename and delete of one chat: the sidebar row and the chat header share them. */
export function ChatActionButtons({
  conversation: c,
  onToggleFavourite,
  onRename,
  onDelete,
  more,
  className,
}: ChatActionButtonsProps) {
  const name = c.title || CONVERSATION_DEFAULT_TITLE;
  return (
    <div className={cn('flex shrink-0 items-center', className)}>
      <StarToggle starred={c.is_favourite} name={name} onToggle={onToggleFavourite} />
      <button
        type="button"
        aria-label={`Rename ${name}`}
        title="Rename"
        onClick={onRename}
        className={ICON_BUTTON}
      >
        <Pencil className="size-3.5" aria-hidden />
      </button>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
        className={cn(ICON_BUTTON, 'hover:text-red-600 dark:hover:text-red-400')}
      >
        <Trash2 className="size-3.5" aria-hidden />
      </button>
      {more}
    </div>
  );
}
