import { CONVERSATION_DEFAULT_TITLE, type Conversation } from '@parallax/contract';
import { Columns3, MessageSquare, WandSparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatWhen } from '../../../lib/format-when';
import { StarToggle } from '../../../ui/star-toggle';

const KINDS: Record<Conversation['kind'], { label: string; icon: LucideIcon }> = {
  regular: { label: 'Chat', icon: MessageSquare },
  comparison: { label: 'Comparison', icon: Columns3 },
  prompt_generator: { label: 'Prompt generator', icon: WandSparkles },
};

/** A comparison opens as the whole session; its listed conversation is only its first panel. */
export function favouriteHref(c: Conversation): string {
  return c.kind === 'comparison' && c.comparison_id
    ? `/compare/${c.comparison_id}`
    : `/chats/${c.id}`;
}

function countLabel(c: Conversation): string {
  // A panel holds one message per turn of its comparison.
  const [one, many] = c.kind === 'comparison' ? ['turn', 'turns'] : ['message', 'messages'];
  return `${c.message_count} ${c.message_count === 1 ? one : many}`;
}

/** One starred chat or comparison on /favourites: opens it, and its star unstars it. */
export function FavouriteRow({
  conversation: c,
  onUnstar,
}: {
  conversation: Conversation;
  onUnstar: (c: Conversation) => void;
}) {
  const title = c.title || CONVERSATION_DEFAULT_TITLE;
  const kind = KINDS[c.kind];
  const when = formatWhen(c.last_message_at ?? c.updated_at);
  return (
    <li
      className="flex items-center gap-2 rounded-xl px-2 hover:bg-surface-2"
      data-testid="favourite-row"
    >
      <Link
        to={favouriteHref(c)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-3 pl-1 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="grid size-9 shrink-0 place-items-center rounded-lg border border-line bg-surface text-fg-muted">
          <kind.icon className="size-4" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{title}</span>
          <span className="block truncate text-xs text-fg-muted">
            {kind.label} · {countLabel(c)}
            {/* On a phone the time joins this line, leaving the title the row's width. */}
            <span className="sm:hidden"> · {when}</span>
          </span>
        </span>
        <span className="hidden shrink-0 text-xs text-fg-muted tabular-nums sm:block">{when}</span>
      </Link>
      <StarToggle starred name={title} onToggle={() => onUnstar(c)} size="md" />
    </li>
  );
}
