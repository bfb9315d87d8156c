import type { Conversation } from '@parallax/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRecentConversations } from '../api/list-recent-conversations';
import { groupByDay } from '../hooks/group-by-day';
import { useConversationActions } from '../hooks/use-conversation-actions';
import { DeleteChatDialog } from './delete-chat-dialog';
import { RecentChatRow } from './recent-chat-row';

/** The sidebar's latest chats under day headings, the open one marked. */
export function RecentChats() {
  const list = useRecentConversations();
  const actions = useConversationActions();
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { refetch } = list;

  // A first send creates a chat and moves to its page: that is when the list gains a row.
  useEffect(() => {
    if (pathname.startsWith('/chats/')) void refetch();
  }, [pathname, refetch]);

  const conversations = list.data ?? [];
  if (conversations.length === 0) return null;

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    const removed = await actions.remove(target);
    if (removed && pathname === `/chats/${target.id}`) void navigate('/');
  };

  return (
    <section aria-labelledby="recent-chats-heading" className="min-w-0">
      <h2
        id="recent-chats-heading"
        className="px-3 pb-1.5 text-[11px] font-semibold tracking-wider text-fg-muted uppercase"
      >
        Recent chats
      </h2>
      {groupByDay(conversations).map((group) => (
        <div key={group.label} className="mb-2">
          <h3 className="px-3 py-1 text-xs text-fg-muted">{group.label}</h3>
          <ul className="space-y-0.5">
            {group.conversations.map((c) => (
              <RecentChatRow
                key={c.id}
                conversation={c}
                onRename={(x, title) => void actions.rename(x, title)}
                onToggleFavourite={(x) => void actions.toggleFavourite(x)}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        </div>
      ))}
      <DeleteChatDialog
        title={deleting?.title ?? null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
