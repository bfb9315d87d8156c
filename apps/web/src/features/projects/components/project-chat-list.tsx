import { CONVERSATION_DEFAULT_TITLE, type Conversation } from '@parallax/contract';
import { FolderMinus, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { EmptyState } from '../../../ui/empty-state';
import { StarToggle } from '../../../ui/star-toggle';
import { chatDragSource, useChatDropTarget } from './chat-drag';
import { formatActivity } from './format-activity';

interface ProjectChatListProps {
  chats: Conversation[];
  onRemove: (c: Conversation) => void;
  onToggleFavourite: (c: Conversation) => void;
  /** A chat dragged here from the sidebar moves into the project. */
  onDropChat: (conversationId: string) => void;
}

/** A project's chats, newest first; each can be starred or taken out of the project. */
export function ProjectChatList({
  chats,
  onRemove,
  onToggleFavourite,
  onDropChat,
}: ProjectChatListProps) {
  const drop = useChatDropTarget(onDropChat);
  return (
    <div
      {...drop.handlers}
      className={cn(
        'rounded-2xl border border-line bg-surface',
        drop.over && 'border-accent ring-2 ring-accent/40',
      )}
    >
      {chats.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title="No chats yet"
          description="Start a chat in this project, add existing ones, or drag a chat here from the sidebar."
          className="py-10"
        />
      ) : (
        <ul className="divide-y divide-line" aria-label="Chats in this project">
          {chats.map((c) => {
            const title = c.title || CONVERSATION_DEFAULT_TITLE;
            return (
              <li key={c.id} className="flex items-center gap-2 px-2" {...chatDragSource(c.id)}>
                <Link
                  to={`/chats/${c.id}`}
                  className="min-w-0 flex-1 rounded-lg px-2 py-3 hover:bg-surface-2"
                >
                  <span className="block truncate text-sm font-medium">{title}</span>
                  <span className="block text-xs text-fg-muted">
                    {c.message_count} {c.message_count === 1 ? 'message' : 'messages'} ·{' '}
                    {formatActivity(c.last_message_at ?? c.updated_at)}
                  </span>
                </Link>
                <StarToggle
                  starred={c.is_favourite}
                  name={title}
                  onToggle={() => onToggleFavourite(c)}
                  size="md"
                />
                <button
                  type="button"
                  aria-label={`Remove ${title} from the project`}
                  title="Remove from project"
                  onClick={() => onRemove(c)}
                  className="grid size-9 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-surface-3 hover:text-fg"
                >
                  <FolderMinus className="size-4" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
