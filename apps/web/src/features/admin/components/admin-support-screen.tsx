import {
  SUPPORT_CATEGORIES,
  SUPPORT_STATUSES,
  type AdminSupportListQuery,
  type SupportCategory,
  type SupportStatus,
} from '@parallax/contract';
import { ArrowLeft, Inbox, Search } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatWhen } from '../../../lib/format-when';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Badge } from '../../../ui/badge';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { CATEGORY_LABELS, statusLabel, statusTone, useSupportInbox } from '../../support';
import { AdminTicketView } from './admin-ticket-view';
import { AdminNav } from '../../../ui/admin-page';

const SELECT =
  'h-11 rounded-xl border border-line bg-surface px-3 text-sm text-fg focus:border-accent focus:outline-none';

/** /admin/support: the inbox (filters, search) and a ticket with its user beside it. */
export function AdminSupportScreen() {
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket');
  const [status, setStatus] = useState<SupportStatus | ''>('open');
  const [category, setCategory] = useState<SupportCategory | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const query: AdminSupportListQuery = {
    ...(status ? { status } : {}),
    ...(category ? { category } : {}),
    ...(q ? { q } : {}),
  };
  const inbox = useSupportInbox(query);
  const tickets = inbox.data?.tickets ?? [];

  if (ticketId)
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-10">
        <button
          type="button"
          className={buttonClasses('ghost', 'sm', 'mb-3 -ml-2')}
          onClick={() => setParams({})}
        >
          <ArrowLeft className="size-4" aria-hidden /> Inbox
        </button>
        <AdminTicketView id={ticketId} />
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <AdminNav />
      <h1 className="text-2xl font-semibold tracking-tight">Support inbox</h1>
      <p className="mt-1 text-sm text-fg-muted">Tickets from users, latest activity first.</p>
      <div className="mt-5 mb-4 flex flex-wrap gap-2">
        <label className="relative min-w-0 flex-1 basis-56">
          <span className="sr-only">Search by subject or email</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
            aria-hidden
          />
          <Input
            type="search"
            value={search}
            placeholder="Search subject or email"
            className="pl-9"
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <label>
          <span className="sr-only">Status</span>
          <select
            className={SELECT}
            value={status}
            onChange={(e) => setStatus(e.target.value as SupportStatus | '')}
          >
            <option value="">Every status</option>
            {SUPPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, 'admin')}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Category</span>
          <select
            className={SELECT}
            value={category}
            onChange={(e) => setCategory(e.target.value as SupportCategory | '')}
          >
            <option value="">Every category</option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {inbox.isLoading ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 rounded-2xl" />
          ))}
        </div>
      ) : inbox.isError ? (
        <LoadFailed
          icon={Inbox}
          title="Could not load the inbox"
          error={inbox.error}
          onRetry={() => void inbox.refetch()}
        />
      ) : tickets.length === 0 ? (
        <EmptyState icon={Inbox} title="No tickets match" />
      ) : (
        <ul className="space-y-2" aria-label="Tickets">
          {tickets.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => setParams({ ticket: t.id })}
                className="flex w-full min-w-0 items-start gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-left hover:border-line-strong focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span
                  className={cn(
                    'mt-1.5 size-2 shrink-0 rounded-full',
                    t.unread ? 'bg-accent' : 'bg-transparent',
                  )}
                  aria-hidden
                />
                <span className="min-w-0 flex-1">
                  <span
                    className={cn('block truncate', t.unread ? 'font-semibold' : 'font-medium')}
                  >
                    {t.subject}
                    {t.unread && <span className="sr-only"> (unread)</span>}
                  </span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
                    <Badge tone={statusTone(t.status)}>{statusLabel(t.status, 'admin')}</Badge>
                    <span>{CATEGORY_LABELS[t.category]}</span>
                    <span className="min-w-0 break-all">{t.user_email}</span>
                    <span>{t.assignee ? `Assigned to ${t.assignee.name}` : 'Unassigned'}</span>
                    <time dateTime={t.last_message_at}>{formatWhen(t.last_message_at)}</time>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
