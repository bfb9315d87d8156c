import { CONVERSATION_DEFAULT_TITLE, type Conversation } from '@parallax/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatWhen } from '../../../lib/format-when';
import { StarToggle } from '../../../ui/star-toggle';
import { Tooltip } from '../../../ui/tooltip';
import { ChatMenu } from './chat-menu';
import { TitleEditor } from './title-editor';

const ICON_BUTTON =
  'grid size-8 place-items-center rounded-lg text-fg-subtle hover:bg-surface-3 hover:text-fg focus-visible:opacity-100';

interface ConversationRowProps {
  conversation: Conversation;
  onToggleFavourite: (c: Conversation) => void;
  onRename: (c: Conversation, title: string) => void;
  onDelete: (c: Conversation) => void;
}

export function ConversationRow({
  conversation: c,
  onToggleFavourite,
  onRename,
  onDelete,
}: ConversationRowProps) {
  const [editing, setEditing] = useState(false);
  const shownTitle = c.title || CONVERSATION_DEFAULT_TITLE;

  return (
    <li
      className="group relative flex items-center gap-2 rounded-xl px-2 hover:bg-surface-2"
      data-testid="conversation-row"
    >
      {editing ? (
        <TitleEditor
          initial={c.title}
          onSave={(next) => {
            setEditing(false);
            onRename(c, next);
          }}
          onCancel={() => setEditing(false)}
          className="my-1.5 h-9 px-2.5"
        />
      ) : (
        <Link to={`/chats/${c.id}`} className="flex min-w-0 flex-1 items-center gap-3 py-3 pl-1">
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{shownTitle}</span>
            <span className="block text-xs text-fg-subtle">
              {c.message_count} {c.message_count === 1 ? 'message' : 'messages'}
            </span>
          </span>
          <span className="shrink-0 text-xs text-fg-subtle tabular-nums">
            {formatWhen(c.last_message_at ?? c.updated_at)}
          </span>
        </Link>
      )}
      <div className="flex shrink-0 items-center">
        <StarToggle
          starred={c.is_favourite}
          name={shownTitle}
          onToggle={() => onToggleFavourite(c)}
          size="md"
        />
        <Tooltip content="Rename">
          <button
            type="button"
            aria-label={`Rename ${shownTitle}`}
            onClick={() => setEditing(true)}
            className={cn(ICON_BUTTON, 'sm:opacity-0 sm:group-hover:opacity-100')}
          >
            <Pencil className="size-4" aria-hidden />
          </button>
        </Tooltip>
        <Tooltip content="Delete">
          <button
            type="button"
            aria-label={`Delete ${shownTitle}`}
            onClick={() => onDelete(c)}
            className={cn(
              ICON_BUTTON,
              'hover:text-red-600 sm:opacity-0 sm:group-hover:opacity-100',
            )}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </Tooltip>
        <ChatMenu conversation={c} className="size-8 rounded-lg" />
      </div>
    </li>
  );
}
