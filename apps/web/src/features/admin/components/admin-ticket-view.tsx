import type { AdminSupportTicketUpdate } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import {
  adminReply,
  adminUpdateTicket,
  CATEGORY_LABELS,
  ReplyBox,
  statusLabel,
  statusTone,
  supportKey,
  TicketThread,
  useInboxTicket,
} from '../../support';
import { SupportUserPanel } from './support-user-panel';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** One ticket in the inbox: thread with internal notes, reply or note, assign, close. */
export function AdminTicketView({ id }: { id: string }) {
  const ticket = useInboxTicket(id);
  const queryClient = useQueryClient();
  const [internal, setInternal] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportKey });

  const update = (changes: AdminSupportTicketUpdate, failure: string) =>
    void adminUpdateTicket(id, changes)
      .catch((e: unknown) => toast.error(failure, reason(e)))
      .finally(() => void refresh());

  if (ticket.isLoading)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-8 w-2/3 rounded-lg" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    );
  if (ticket.isError || !ticket.data)
    return (
      <LoadFailed
        icon={Inbox}
        title="Could not load the ticket"
        error={ticket.error ?? new Error('Ticket not found')}
        onRetry={() => void ticket.refetch()}
      />
    );
  const t = ticket.data;

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="inbox-ticket-subject" className="min-w-0 space-y-4">
        <div>
          <h1 id="inbox-ticket-subject" className="text-xl font-semibold break-words">
            {t.subject}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
            <Badge tone={statusTone(t.status)}>{statusLabel(t.status, 'admin')}</Badge>
            <span>{CATEGORY_LABELS[t.category]}</span>
            {t.error_id && (
              <span>
                Error ID: <code className="font-mono break-all">{t.error_id}</code>
              </span>
            )}
            {t.conversation_id && (
              <span>
                Conversation: <code className="font-mono break-all">{t.conversation_id}</code>
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block font-medium">Assigned to</span>
            <select
              className="h-9 rounded-lg border border-line bg-surface px-2 text-sm"
              value={t.assignee?.id ?? ''}
              onChange={(e) =>
                update({ assignee_id: e.target.value || null }, 'Could not assign the ticket')
              }
            >
              <option value="">Nobody</option>
              {t.admins.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          {t.status === 'closed' ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => update({ status: 'open' }, 'Could not reopen the ticket')}
            >
              Reopen
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => update({ status: 'closed' }, 'Could not close the ticket')}
            >
              Close ticket
            </Button>
          )}
        </div>
        <TicketThread messages={t.messages} side="admin" />
        <ReplyBox
          label={internal ? 'Internal note (only admins see it)' : 'Reply to the user'}
          placeholder={internal ? 'A note for the team' : 'Write a reply (Markdown works)'}
          sendLabel={internal ? 'Add note' : 'Send reply'}
          extra={(sending) => (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-amber-600"
                checked={internal}
                disabled={sending}
                onChange={(e) => setInternal(e.target.checked)}
              />
              Internal note
            </label>
          )}
          onSend={async (message, attachmentIds) => {
            try {
              await adminReply(id, { message, internal, attachment_ids: attachmentIds });
              await refresh();
              return null;
            } catch (e) {
              return reason(e);
            }
          }}
        />
      </section>
      <SupportUserPanel user={t.user} />
    </div>
  );
}
