import type { AdminSubscriptionDetail } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Modal } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import {
  cardExpiry,
  cardText,
  formatDay,
  formatPrice,
  invoiceStatusLabel,
  invoiceStatusTone,
  perInterval,
  statusLabel,
  statusTone,
} from '../../billing';
import {
  adminSubscriptionsKey,
  cancelAdminSubscription,
  useAdminSubscription,
} from '../api/admin-subscriptions';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** One subscription: its state, card, invoices and the webhook events that shaped it; cancel. */
export function AdminSubscriptionDetailDialog({
  id,
  onClose,
}: {
  id: string | null;
  onClose: () => void;
}) {
  const detail = useAdminSubscription(id);
  const sub = detail.data?.subscription;
  return (
    <Modal
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={sub ? sub.email : 'Subscription'}
      description={sub ? `${sub.plan_name} · ${sub.id}` : undefined}
      className="sm:max-w-2xl"
    >
      {detail.isLoading ? (
        <Skeleton className="mt-4 h-64 rounded-xl" />
      ) : detail.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {detail.error.message}
        </p>
      ) : detail.data ? (
        <DetailBody detail={detail.data} />
      ) : null}
    </Modal>
  );
}

function DetailBody({ detail }: { detail: AdminSubscriptionDetail }) {
  const { subscription: sub, invoices, events } = detail;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const cancel = async () => {
    setPending(true);
    try {
      await cancelAdminSubscription(sub.id, { at_period_end: false });
      toast.success('Subscription cancelled', `${sub.email} is back on the free plan.`);
      await queryClient.invalidateQueries({ queryKey: adminSubscriptionsKey });
    } catch (error) {
      toast.error('Could not cancel the subscription', reason(error));
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  return (
    <div className="mt-4 space-y-6 text-sm">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Item label="Status">
          <span className="flex flex-wrap gap-1.5">
            <Badge tone={statusTone(sub.status)}>{statusLabel(sub.status)}</Badge>
            {sub.cancel_at_period_end && <Badge tone="warning">Cancels at period end</Badge>}
          </span>
        </Item>
        <Item label="Price">
          {formatPrice(sub.price, sub.currency)} {perInterval(sub.interval)}
        </Item>
        <Item label={sub.cancel_at_period_end ? 'Ends on' : 'Period ends'}>
          {sub.current_period_end ? formatDay(sub.current_period_end) : '—'}
        </Item>
        <Item label="Card">
          {sub.card ? `${cardText(sub.card)} · ${cardExpiry(sub.card)}` : 'None'}
        </Item>
        <Item label="Customer">
          <span className="font-mono text-xs break-all">{sub.customer_id}</span>
        </Item>
        <Item label="Started">{formatDay(sub.created_at)}</Item>
        {sub.grace && (
          <Item label="Grace period">Access until {formatDay(sub.grace.access_until)}</Item>
        )}
        {sub.ended_at && <Item label="Ended">{formatDay(sub.ended_at)}</Item>}
      </dl>

      <section aria-labelledby="detail-invoices">
        <h3 id="detail-invoices" className="mb-2 font-semibold">
          Invoices
        </h3>
        {invoices.length === 0 ? (
          <p className="text-fg-muted">No invoices.</p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line">
            {invoices.map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
              >
                <span className="w-full min-w-0 font-mono text-xs break-all sm:w-auto sm:flex-1">
                  {invoice.number ?? invoice.id}
                </span>
                <span className="text-fg-muted">{formatDay(invoice.created_at)}</span>
                <Badge tone={invoiceStatusTone(invoice.status)}>
                  {invoiceStatusLabel(invoice.status)}
                </Badge>
                <span className="tabular-nums">
                  {formatPrice(invoice.amount_due, invoice.currency)}
                </span>
                {invoice.hosted_invoice_url && (
                  <a
                    href={invoice.hosted_invoice_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-accent hover:underline"
                  >
                    View
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="detail-events">
        <h3 id="detail-events" className="mb-2 font-semibold">
          Webhook events
        </h3>
        {events.length === 0 ? (
          <p className="text-fg-muted">No events received yet.</p>
        ) : (
          <ol className="max-h-48 space-y-1 overflow-y-auto rounded-xl border border-line p-3">
            {events.map((event) => (
              <li
                key={event.id}
                className="flex flex-col gap-x-3 sm:flex-row sm:items-baseline sm:justify-between"
              >
                <span className="font-mono text-xs break-all">{event.type}</span>
                <time dateTime={event.received_at} className="text-xs text-fg-muted">
                  {new Date(event.received_at).toLocaleString()}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>

      {!ENDED.has(sub.status) && (
        <div className="flex justify-end">
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Cancel this subscription now?"
        description={`${sub.email} loses ${sub.plan_name} at once and moves to the free plan. Stripe stops charging the card. This cannot be undone.`}
        confirmLabel="Cancel now"
        pending={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void cancel()}
      />
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}
