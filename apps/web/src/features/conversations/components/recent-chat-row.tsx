import { CONVERSATION_DEFAULT_TITLE, type Conversation } from '@parallax/contract';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useLongPress } from '../hooks/use-long-press';
import { chatDragSource } from '../../projects';
import { ChatActionButtons } from './chat-action-buttons';
import { ChatMenu } from './chat-menu';
import { TitleEditor } from './title-editor';

interface RecentChatRowProps {
  conversation: Conversation;
  onRename: (c: Conversation, title: string) => void;
  onToggleFavourite: (c: Conversation) => void;
  onDelete: (c: Conversation) => void;
}

/** One sidebar chat: a link, with its actions shown on hover, on keyboard focus or on a long press. */
export function RecentChatRow({
  conversation: c,
  onRename,
  onToggleFavourite,
  onDelete,
}: RecentChatRowProps) {
  const [editing, setEditing] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const longPress = useLongPress(() => setRevealed(true));
  const title = c.title || CONVERSATION_DEFAULT_TITLE;

  if (editing) {
    return (
      <li className="flex items-center px-1 py-0.5">
        <TitleEditor
          initial={c.title}
          onSave={(next) => {
            setEditing(false);
            onRename(c, next);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }

  return (
    <li
      className="group relative flex items-center rounded-lg hover:bg-surface-2 has-[[aria-current=page]]:bg-surface-3/70"
      data-testid="recent-chat"
      {...chatDragSource(c.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setRevealed(false);
      }}
      {...longPress}
    >
      <NavLink
        to={`/chats/${c.id}`}
        title={title}
        className={({ isActive }) =>
          cn(
            'block h-8 min-w-0 flex-1 truncate rounded-lg px-3 text-sm leading-8',
            isActive ? 'font-medium text-fg' : 'text-fg-muted group-hover:text-fg',
          )
        }
      >
        {title}
      </NavLink>
      {c.is_favourite && (
        // Starred chats stand out in the list; the star button replaces this mark on hover.
        <Star
          role="img"
          aria-label="Starred"
          className={cn(
            'mr-2.5 size-3 shrink-0 fill-current text-amber-600 dark:text-amber-400',
            revealed ? 'hidden' : 'group-focus-within:hidden group-hover:hidden',
          )}
        />
      )}
      <ChatActionButtons
        conversation={c}
        onToggleFavourite={() => onToggleFavourite(c)}
        onRename={() => setEditing(true)}
        onDelete={() => onDelete(c)}
        more={<ChatMenu conversation={c} />}
        className={cn(
          'pr-1',
          revealed ? 'flex' : 'hidden group-focus-within:flex group-hover:flex',
        )}
      />
    </li>
  );
}
