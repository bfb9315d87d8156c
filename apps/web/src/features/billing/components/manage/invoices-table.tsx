import type { Invoice } from '@parallax/contract';
import { ExternalLink, FileDown, Receipt } from 'lucide-react';
import { Badge } from '../../../../ui/badge';
import { EmptyState } from '../../../../ui/empty-state';
import { LoadFailed } from '../../../../ui/load-failed';
import { Skeleton } from '../../../../ui/skeleton';
import { useInvoices } from '../../api/list-invoices';
import { formatDay } from '../../model/format-day';
import { formatPrice } from '../../model/format-price';
import { invoiceStatusLabel, invoiceStatusTone } from '../../model/subscription-status';

const LINK =
  'inline-flex items-center gap-1 rounded-md text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** The caller's invoices, newest first, with Stripe's hosted page and PDF for each. */
export function InvoicesTable() {
  const invoices = useInvoices(true);
  return (
    <section aria-labelledby="invoices-title" className="mt-8">
      <h2 id="invoices-title" className="mb-3 text-base font-semibold">
        Invoices
      </h2>
      {invoices.isLoading ? (
        <Skeleton className="h-32 rounded-2xl" />
      ) : invoices.isError ? (
        <LoadFailed
          icon={Receipt}
          title="Could not load the invoices"
          error={invoices.error}
          onRetry={() => void invoices.refetch()}
        />
      ) : !invoices.data?.length ? (
        <EmptyState icon={Receipt} title="No invoices yet" className="py-8" />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-soft">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-xs text-fg-muted">
              <tr>
                <th scope="col" className="hidden px-4 py-2.5 font-medium sm:table-cell">
                  Number
                </th>
                <th scope="col" className="px-3 py-2.5 font-medium sm:px-4">
                  Date
                </th>
                <th scope="col" className="px-3 py-2.5 font-medium sm:px-4">
                  Status
                </th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium sm:px-4">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2.5 font-medium sm:px-4">
                  <span className="sr-only">Links</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {invoices.data.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const name = invoice.number ?? formatDay(invoice.created_at);
  const amount = invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due;
  return (
    <tr>
      <td className="hidden px-4 py-3 font-mono text-xs sm:table-cell">{invoice.number ?? '—'}</td>
      <td className="px-3 py-3 whitespace-nowrap sm:px-4">{formatDay(invoice.created_at)}</td>
      <td className="px-3 py-3 sm:px-4">
        <Badge tone={invoiceStatusTone(invoice.status)}>{invoiceStatusLabel(invoice.status)}</Badge>
      </td>
      <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums sm:px-4">
        {formatPrice(amount, invoice.currency)}
      </td>
      <td className="px-3 py-3 sm:px-4">
        <div className="flex justify-end gap-3">
          {invoice.hosted_invoice_url && (
            <a
              href={invoice.hosted_invoice_url}
              target="_blank"
              rel="noopener noreferrer"
              className={LINK}
              aria-label={`View invoice ${name} (opens Stripe)`}
            >
              <ExternalLink className="size-4" aria-hidden />
              <span className="hidden sm:inline">View</span>
            </a>
          )}
          {invoice.invoice_pdf && (
            <a
              href={invoice.invoice_pdf}
              target="_blank"
              rel="noopener noreferrer"
              className={LINK}
              aria-label={`Download invoice ${name} as PDF`}
            >
              <FileDown className="size-4" aria-hidden />
              <span className="hidden sm:inline">PDF</span>
            </a>
          )}
        </div>
      </td>
    </tr>
  );
}
