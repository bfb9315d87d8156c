import { list, text, type FormObject } from './stripe-form';
import type { BillingStandIn } from './stripe-billing-stand-in';
import { invoiceView, previewInvoice, subscriptionOf } from './stripe-invoice-lines';
import {
  asObject,
  invalid,
  listOf,
  missing,
  now,
  portalSessionObject,
  type Json,
} from './stripe-objects';

/* How the billing half of the Stripe stand-in maps Stripe's REST URLs onto its operations. */

/** Answers the billing URLs of the stand-in, or undefined for any other. */
export async function billingRoute(
  billing: BillingStandIn,
  method: string,
  parts: string[],
  form: FormObject,
  query: FormObject,
): Promise<Json | undefined> {
  const [kind, id, action] = parts;
  const expand = [...list(form, 'expand'), ...list(query, 'expand')];
  if (kind === 'subscriptions') return subscriptionsRoute(billing, method, id, form, query, expand);
  if (kind === 'invoices') {
    if (method === 'POST' && id === 'create_preview') return preview(billing, form);
    if (method === 'GET' && id === undefined) {
      const customer = text(query, 'customer');
      const subscription = text(query, 'subscription');
      const data = [...billing.invoices.values()]
        .filter((i) => customer === undefined || i.customer === customer)
        .filter((i) => subscription === undefined || subscriptionOf(i) === subscription)
        .reverse()
        .map((i) =>
          invoiceView(
            i,
            expand.map((e) => e.replace(/^data\./, '')),
          ),
        );
      return listOf('/v1/invoices', data, text(query, 'limit'));
    }
    if (id === undefined) return undefined;
    const invoice = billing.get(billing.invoices, 'invoice', id);
    if (method === 'GET' && action === undefined) return invoiceView(invoice, expand);
    return undefined;
  }
  if (kind === 'payment_intents' && id !== undefined && method === 'GET')
    return billing.get(billing.paymentIntents, 'payment_intent', id);
  if (kind === 'setup_intents') {
    if (method === 'POST' && id === undefined) return billing.createSetupIntent(form);
    if (method === 'GET' && id !== undefined)
      return billing.get(billing.setupIntents, 'setup_intent', id);
    return undefined;
  }
  if (kind === 'payment_methods' && id !== undefined) {
    const pm = billing.get(billing.paymentMethods, 'payment_method', id);
    if (method === 'GET' && action === undefined) return pm;
    if (method === 'POST' && action === 'attach') {
      pm.customer = text(form, 'customer') ?? null;
      return pm;
    }
    return undefined;
  }
  if (kind === 'billing_portal' && id === 'sessions' && method === 'POST') {
    const customer = text(form, 'customer');
    if (!customer) throw invalid('customer', 'Missing required param: customer.');
    if (!billing.deps.customers.has(customer)) throw missing('customer', customer);
    return portalSessionObject(customer, text(form, 'return_url') ?? null, billing.deps.baseUrl());
  }
  return undefined;
}

function subscriptionsRoute(
  billing: BillingStandIn,
  method: string,
  id: string | undefined,
  form: FormObject,
  query: FormObject,
  expand: string[],
): Promise<Json> | Json {
  if (method === 'POST' && id === undefined) return billing.createSubscription(form, expand);
  if (method === 'GET' && id === undefined) {
    const customer = text(query, 'customer');
    const data = [...billing.subscriptions.values()]
      .filter((s) => customer === undefined || s.customer === customer)
      .reverse()
      .map((s) =>
        billing.subscriptionView(
          s,
          expand.map((e) => e.replace(/^data\./, '')),
        ),
      );
    return listOf('/v1/subscriptions', data, text(query, 'limit'));
  }
  if (id === undefined) throw invalid('id', 'Missing id.');
  const sub = billing.get(billing.subscriptions, 'subscription', id);
  if (method === 'GET') return billing.subscriptionView(sub, expand);
  if (method === 'DELETE')
    return billing.cancelNow(id).then(() => billing.subscriptionView(sub, expand));
  return billing.updateSubscription(sub, form).then(() => billing.subscriptionView(sub, expand));
}

function preview(billing: BillingStandIn, form: FormObject): Json {
  const subId = text(form, 'subscription');
  if (!subId)
    throw invalid('subscription', 'The stand-in previews changes of a subscription only.');
  const sub = billing.get(billing.subscriptions, 'subscription', subId);
  const details = asObject(form.subscription_details);
  const items = details.items;
  const first = Array.isArray(items) ? asObject(items[0]) : {};
  const priceId = text(first, 'price');
  if (!priceId) throw invalid('subscription_details[items][0][price]', 'Missing the new price.');
  return previewInvoice({
    sub,
    price: billing.get(billing.deps.prices, 'price', priceId),
    at: Number(text(details, 'proration_date') ?? now()),
    behavior: text(details, 'proration_behavior') ?? 'create_prorations',
    products: billing.deps.products,
  });
}
