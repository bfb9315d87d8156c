import type { SupportTicketDetail } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LifeBuoy, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { supportKey, useSupportTickets } from '../api/support-api';
import { NewTicketForm } from './new-ticket-form';
import { TicketList } from './ticket-list';
import { TicketView } from './ticket-view';

/**
 * /support: the user's tickets, a ticket's thread (?ticket=id) or the new-ticket form
 * (?new=1, with &error_id= when an error screen's "Report this" opened it).
 */
export function SupportScreen() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const tickets = useSupportTickets();
  const ticketId = params.get('ticket');
  const creating = params.get('new') === '1';

  const show = (next: Record<string, string>) => setParams(next);
  const created = (ticket: SupportTicketDetail) => {
    void queryClient.invalidateQueries({ queryKey: supportKey });
    show({ ticket: ticket.id });
  };

  const newButton = (
    <button type="button" className={buttonClasses('primary')} onClick={() => show({ new: '1' })}>
      <Plus className="size-4" aria-hidden /> New ticket
    </button>
  );
  const back = (
    <button
      type="button"
      className={buttonClasses('ghost', 'sm', 'mb-3 -ml-2')}
      onClick={() => show({})}
    >
      <ArrowLeft className="size-4" aria-hidden /> All tickets
    </button>
  );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Support</h1>
          <p className="mt-1 text-sm text-fg-muted">Ask for help and follow up on your requests.</p>
        </div>
        {!creating && newButton}
      </div>
      {creating ? (
        <NewTicketForm
          initialErrorId={params.get('error_id') ?? ''}
          onCreated={created}
          onCancel={() => show({})}
        />
      ) : ticketId ? (
        <>
          {back}
          <TicketView id={ticketId} />
        </>
      ) : tickets.isLoading ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 rounded-2xl" />
          ))}
        </div>
      ) : tickets.isError ? (
        <LoadFailed
          icon={LifeBuoy}
          title="Could not load your tickets"
          error={tickets.error}
          onRetry={() => void tickets.refetch()}
        />
      ) : (tickets.data ?? []).length === 0 ? (
        <EmptyState
          icon={LifeBuoy}
          title="No tickets yet"
          description="Something not working, or a question about your account or billing? Open a ticket and we will answer here and by email."
          action={newButton}
        />
      ) : (
        <TicketList tickets={tickets.data ?? []} onOpen={(id) => show({ ticket: id })} />
      )}
    </div>
  );
}
