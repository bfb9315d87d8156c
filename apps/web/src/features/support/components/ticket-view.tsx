import { useQueryClient } from '@tanstack/react-query';
import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { closeTicket, replyToTicket, supportKey, useSupportTicket } from '../api/support-api';
import { CATEGORY_LABELS, statusLabel, statusTone } from '../model/support-labels';
import { ReplyBox } from './reply-box';
import { TicketThread } from './ticket-thread';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** One ticket for its user: the thread, a reply box (a reply reopens), close. */
export function TicketView({ id }: { id: string }) {
  const ticket = useSupportTicket(id);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportKey });

  if (ticket.isLoading)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-8 w-2/3 rounded-lg" />
        <Skeleton className="h-28 rounded-2xl" />
      </div>
    );
  if (ticket.isError || !ticket.data)
    return (
      <LoadFailed
        icon={LifeBuoy}
        title="Could not load the ticket"
        error={ticket.error ?? new Error('Ticket not found')}
        onRetry={() => void ticket.refetch()}
      />
    );
  const t = ticket.data;

  return (
    <section aria-labelledby="ticket-subject" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="ticket-subject" className="text-xl font-semibold break-words">
            {t.subject}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
            <Badge tone={statusTone(t.status)}>{statusLabel(t.status, 'user')}</Badge>
            <span>{CATEGORY_LABELS[t.category]}</span>
            {t.error_id && (
              <span>
                Error ID: <code className="font-mono break-all">{t.error_id}</code>
              </span>
            )}
            {t.conversation_id && (
              <Link to={`/chats/${t.conversation_id}`} className="text-accent hover:underline">
                Linked conversation
              </Link>
            )}
          </p>
        </div>
        {t.status !== 'closed' && (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void closeTicket(id)
                .then(() => toast.success('Ticket closed'))
                .catch((e: unknown) => toast.error('Could not close the ticket', reason(e)))
                .finally(() => void refresh())
            }
          >
            Close ticket
          </Button>
        )}
      </div>
      <TicketThread messages={t.messages} side="user" />
      <ReplyBox
        label={t.status === 'closed' ? 'Reply to reopen this ticket' : 'Reply'}
        placeholder="Write a reply (Markdown works)"
        sendLabel={t.status === 'closed' ? 'Reopen and send' : 'Send reply'}
        onSend={async (message, attachmentIds) => {
          try {
            await replyToTicket(id, { message, attachment_ids: attachmentIds });
            await refresh();
            return null;
          } catch (e) {
            return reason(e);
          }
        }}
      />
    </section>
  );
}
