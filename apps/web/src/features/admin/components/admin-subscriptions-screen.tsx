import {
  ADMIN_SUBSCRIPTIONS_PAGE,
  SUBSCRIPTION_STATUSES,
  type AdminSubscriptionRow,
  type SubscriptionStatus,
} from '@parallax/contract';
import { Receipt, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { formatDay, formatPrice, perInterval, statusLabel, statusTone } from '../../billing';
import { useAdminPlans } from '../api/admin-plans';
import { useAdminSubscriptions } from '../api/admin-subscriptions';
import { AdminSubscriptionDetailDialog } from './admin-subscription-detail';
import { SubscriptionFiguresRow } from './subscription-figures';
import { AdminNav } from '../../../ui/admin-page';

const SELECT =
  'h-11 rounded-xl border border-line bg-surface px-3 text-sm text-fg hover:border-line-strong focus:border-accent focus:outline-none';

/** /admin/subscriptions: figures, then every subscription, filtered and searched; a detail each. */
export function AdminSubscriptionsScreen() {
  const [status, setStatus] = useState<SubscriptionStatus | ''>('');
  const [planId, setPlanId] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useDebouncedValue(search.trim(), 300);
  const plans = useAdminPlans();
  const list = useAdminSubscriptions({
    offset,
    limit: ADMIN_SUBSCRIPTIONS_PAGE,
    ...(status && { status }),
    ...(planId && { plan_id: planId }),
    ...(q && { q }),
  });
  const filtered = status !== '' || planId !== '' || q !== '';
  const rows = list.data?.subscriptions ?? [];
  const total = list.data?.total ?? 0;

  const refilter = (apply: () => void) => {
    apply();
    setOffset(0);
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <AdminNav />
      <div className="mb-6 min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">Subscriptions</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Paid plans bought by card, as Stripe reports them. Plans are set up in{' '}
          <Link
            to="/admin/plans"
            className="font-medium text-accent underline-offset-2 hover:underline"
          >
            /admin/plans
          </Link>
          .
        </p>
      </div>
      <SubscriptionFiguresRow />

      <div className="mt-8 mb-4 grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
        <label className="relative block">
          <span className="sr-only">Search by email</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
            aria-hidden
          />
          <Input
            type="search"
            placeholder="Search by email"
            value={search}
            onChange={(event) => refilter(() => setSearch(event.target.value))}
            className="pl-9"
          />
        </label>
        <label className="flex min-w-0 items-center gap-2 text-sm">
          <span className="sr-only">Status</span>
          <select
            className={`${SELECT} w-full`}
            value={status}
            onChange={(event) =>
              refilter(() => setStatus(event.target.value as SubscriptionStatus | ''))
            }
          >
            <option value="">All statuses</option>
            {SUBSCRIPTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 items-center gap-2 text-sm">
          <span className="sr-only">Plan</span>
          <select
            className={`${SELECT} w-full`}
            value={planId}
            onChange={(event) => refilter(() => setPlanId(event.target.value))}
          >
            <option value="">All plans</option>
            {(plans.data ?? [])
              .filter((plan) => !plan.is_free)
              .map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                  {plan.archived ? ' (archived)' : ''}
                </option>
              ))}
          </select>
        </label>
      </div>

      {list.isLoading ? (
        <Skeleton className="h-64 rounded-2xl" />
      ) : list.isError ? (
        <LoadFailed
          icon={Receipt}
          title="Could not load the subscriptions"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={filtered ? 'No subscriptions match' : 'No subscriptions yet'}
          description={
            filtered
              ? 'Try another status, plan or email.'
              : 'Subscriptions appear here once users pay for a plan.'
          }
        />
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-soft">
            <table className="w-full text-left text-sm" aria-label="Subscriptions">
              <thead className="border-b border-line text-xs text-fg-muted">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Subscriber
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Status
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 font-medium md:table-cell">
                    Price
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 font-medium sm:table-cell">
                    Renews or ends
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map((row) => (
                  <Row key={row.id} row={row} onOpen={() => setOpenId(row.id)} />
                ))}
              </tbody>
            </table>
          </div>
          <nav
            aria-label="Pages"
            className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <span className="text-fg-muted">
              {offset + 1}–{offset + rows.length} of {total}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - ADMIN_SUBSCRIPTIONS_PAGE))}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + rows.length >= total}
                onClick={() => setOffset(offset + ADMIN_SUBSCRIPTIONS_PAGE)}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
      <AdminSubscriptionDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function Row({ row, onOpen }: { row: AdminSubscriptionRow; onOpen: () => void }) {
  return (
    <tr className="hover:bg-surface-2/60">
      <td className="px-4 py-3">
        <button
          type="button"
          onClick={onOpen}
          className="block text-left font-medium break-all text-fg hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {row.email}
        </button>
        <span className="block text-xs break-words text-fg-muted">{row.plan_name}</span>
      </td>
      <td className="px-4 py-3">
        <span className="flex flex-wrap gap-1">
          <Badge tone={statusTone(row.status)}>{statusLabel(row.status)}</Badge>
          {row.cancel_at_period_end && <Badge tone="warning">Ending</Badge>}
        </span>
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap tabular-nums md:table-cell">
        {formatPrice(row.price, row.currency)} {perInterval(row.interval)}
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">
        {row.current_period_end ? formatDay(row.current_period_end) : '—'}
      </td>
    </tr>
  );
}
