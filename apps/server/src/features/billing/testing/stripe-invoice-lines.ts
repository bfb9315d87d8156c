import { addInterval, lineObject, newId, now, type Json } from './stripe-objects';

/*
 * What the billing stand-in computes of a subscription's invoices without keeping any state:
 * its item, proration lines, previews, and the views of an invoice Stripe returns.
 */

export function itemOf(sub: Json): Json {
  const items = (sub.items as { data: Json[] }).data;
  const item = items[0];
  if (!item) throw new Error('a subscription without items');
  return item;
}

export function productName(products: Map<string, Json>, price: Json): string {
  const product = products.get(String(price.product));
  return String(product?.name ?? price.product);
}

export function money(price: Json): string {
  return `${(Number(price.unit_amount) / 100).toFixed(2)} ${String(price.currency).toUpperCase()}`;
}

/** The invoice line of the subscription's current period at `price`, as Stripe words it. */
export function currentPeriodLine(sub: Json, price: Json, products: Map<string, Json>): Json {
  const item = itemOf(sub);
  const recurring = price.recurring as { interval: string };
  return lineObject(
    sub,
    item,
    `1 × ${productName(products, price)} (at ${money(price)} / ${recurring.interval})`,
    Number(price.unit_amount),
    false,
    item.current_period_start as number,
    item.current_period_end as number,
  );
}

/** The invoice line of the next full period at `price`. */
export function nextPeriodLine(sub: Json, price: Json, products: Map<string, Json>): Json {
  const item = itemOf(sub);
  const recurring = price.recurring as { interval: string };
  return lineObject(
    sub,
    item,
    `1 × ${productName(products, price)} (at ${money(price)} / ${recurring.interval})`,
    Number(price.unit_amount),
    false,
    item.current_period_end as number,
    addInterval(item.current_period_end as number, recurring.interval, 1),
  );
}

export function prorationLines(
  sub: Json,
  oldPrice: Json,
  newPrice: Json,
  at: number,
  products: Map<string, Json>,
): Json[] {
  const item = itemOf(sub);
  const start = item.current_period_start as number;
  const end = item.current_period_end as number;
  const fraction = Math.min(1, Math.max(0, (end - at) / Math.max(1, end - start)));
  const after = new Date(at * 1000).toUTCString().slice(5, 16);
  return [
    lineObject(
      sub,
      item,
      `Unused time on ${productName(products, oldPrice)} after ${after}`,
      -Math.round(Number(oldPrice.unit_amount) * fraction),
      true,
      at,
      end,
    ),
    lineObject(
      sub,
      item,
      `Remaining time on ${productName(products, newPrice)} after ${after}`,
      Math.round(Number(newPrice.unit_amount) * fraction),
      true,
      at,
      end,
    ),
  ];
}

export interface PreviewRequest {
  sub: Json;
  /** The price the subscription would change to. */
  price: Json;
  /** The proration date (seconds). */
  at: number;
  behavior: string;
  products: Map<string, Json>;
}

/** `invoices/create_preview` for a change of a subscription's price. */
export function previewInvoice({ sub, price, at, behavior, products }: PreviewRequest): Json {
  const item = itemOf(sub);
  const lines = prorationLines(sub, item.price as Json, price, at, products);
  if (behavior !== 'always_invoice') lines.push(nextPeriodLine(sub, price, products));
  const total = lines.reduce((sum, l) => sum + Number(l.amount), 0);
  return {
    id: `upcoming_${newId('in')}`,
    object: 'invoice',
    amount_due: Math.max(0, total),
    amount_paid: 0,
    amount_remaining: Math.max(0, total),
    billing_reason: behavior === 'always_invoice' ? 'subscription_update' : 'upcoming',
    created: now(),
    currency: sub.currency,
    customer: sub.customer,
    lines: { object: 'list', url: '/v1/invoices/upcoming/lines', has_more: false, data: lines },
    livemode: false,
    next_payment_attempt: behavior === 'always_invoice' ? now() : item.current_period_end,
    number: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: sub.metadata,
        subscription: sub.id,
        subscription_proration_date: at,
      },
    },
    period_end: item.current_period_end,
    period_start: item.current_period_start,
    status: 'draft',
    subtotal: total,
    total,
  };
}

/** confirmation_secret is returned only when expanded (it is an includable field). */
export function invoiceView(invoice: Json, expand: string[]): Json {
  const view = structuredClone(invoice);
  if (!expand.includes('confirmation_secret')) delete view.confirmation_secret;
  return view;
}

export function subscriptionOf(invoice: Json): string | undefined {
  const parent = invoice.parent as {
    subscription_details: { subscription: string } | null;
  } | null;
  return parent?.subscription_details?.subscription;
}
