import { record, text, type FormObject } from './stripe-form';
import {
  asObject,
  DECLINE_MESSAGE,
  invalid,
  invoiceObject,
  missing,
  newId,
  now,
  paymentIntentObject,
  paymentMethodObject,
  setupIntentObject,
  subscriptionObject,
  type Json,
} from './stripe-objects';
import {
  currentPeriodLine,
  invoiceView,
  itemOf,
  prorationLines,
  subscriptionOf,
} from './stripe-invoice-lines';
import * as controls from './stripe-billing-controls';
import { billingRoute } from './stripe-billing-routes';
import type { WebhookSink } from './stripe-webhook-sink';

/**
 * The billing half of the Stripe stand-in (test support, never shipped): subscriptions,
 * invoices (create_preview too), payment intents, setup intents, payment methods and billing
 * portal sessions, in the shapes of the API version stripe-node pins (period dates on
 * subscription items, `invoice.parent.subscription_details`, `confirmation_secret` expandable).
 * Payments happen through test controls (`confirm` with a test card number, `advancePeriod`),
 * each emitting the webhook events Stripe would.
 */

type Outcome = 'succeed' | 'decline';

export interface BillingDeps {
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  products: Map<string, Json>;
  webhooks: WebhookSink;
  /** Where portal URLs and hosted invoice pages point (the stand-in's own address). */
  baseUrl: () => string;
}

export class BillingStandIn {
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  /** What an off-session charge (renewal, plan change) does, per customer; default succeed. */
  readonly chargeOutcome = new Map<string, Outcome>();
  #invoiceNumber = 0;

  constructor(readonly deps: BillingDeps) {}

  /** Answers the billing URLs, or undefined for any other. */
  route(
    method: string,
    parts: string[],
    form: FormObject,
    query: FormObject,
  ): Promise<Json | undefined> {
    return billingRoute(this, method, parts, form, query);
  }

  // ---- subscriptions ---------------------------------------------------------------------

  /** POST /v1/subscriptions. */
  async createSubscription(form: FormObject, expand: string[]): Promise<Json> {
    const customer = text(form, 'customer');
    if (!customer) throw invalid('customer', 'Missing required param: customer.');
    if (!this.deps.customers.has(customer)) throw missing('customer', customer);
    const items = form.items;
    const first = Array.isArray(items) ? items[0] : undefined;
    const priceId =
      first && typeof first === 'object' && !Array.isArray(first)
        ? text(first, 'price')
        : undefined;
    if (!priceId) throw invalid('items[0][price]', 'Missing required param: items[0][price].');
    const price = this.get(this.deps.prices, 'price', priceId);
    if (price.active !== true) throw invalid('items[0][price]', `The price specified is inactive.`);
    if (text(form, 'payment_behavior') !== 'default_incomplete')
      throw invalid(
        'payment_behavior',
        'The stand-in supports payment_behavior=default_incomplete.',
      );
    const id = newId('sub');
    const start = now();
    const sub = subscriptionObject({ id, customer, price, start, form });
    this.subscriptions.set(id, sub);
    this.createInvoice(sub, 'subscription_create', [
      currentPeriodLine(sub, price, this.deps.products),
    ]);
    await this.deps.webhooks.emit('customer.subscription.created', this.subscriptionView(sub, []));
    return this.subscriptionView(sub, expand);
  }

  /** POST /v1/subscriptions/:id. */
  async updateSubscription(sub: Json, form: FormObject): Promise<void> {
    const before = structuredClone(sub);
    const previous: Json = {};
    const cancel = text(form, 'cancel_at_period_end');
    if (cancel !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = cancel === 'true';
      const item = itemOf(sub);
      sub.cancel_at = sub.cancel_at_period_end ? item.current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? now() : null;
    }
    const metadata = record(form, 'metadata');
    if (Object.keys(metadata).length > 0) {
      previous.metadata = sub.metadata;
      sub.metadata = { ...(sub.metadata as Json), ...metadata };
    }
    const pm = text(form, 'default_payment_method');
    if (pm !== undefined) {
      this.get(this.paymentMethods, 'payment_method', pm);
      previous.default_payment_method = sub.default_payment_method;
      sub.default_payment_method = pm;
    }
    const items = form.items;
    const first = Array.isArray(items) ? asObject(items[0]) : {};
    const newPriceId = text(first, 'price');
    if (newPriceId !== undefined) {
      const price = this.get(this.deps.prices, 'price', newPriceId);
      const item = itemOf(sub);
      const oldPrice = item.price as Json;
      const at = Number(text(form, 'proration_date') ?? now());
      const lines = prorationLines(sub, oldPrice, price, at, this.deps.products);
      previous.items = structuredClone(sub.items);
      item.price = price;
      const behavior = text(form, 'proration_behavior') ?? 'create_prorations';
      if (behavior === 'always_invoice') {
        const invoice = this.createInvoice(sub, 'subscription_update', lines);
        await this.emitSubscriptionUpdate(sub, before, previous);
        await this.chargeOffSession(sub, invoice);
        return;
      }
    }
    await this.emitSubscriptionUpdate(sub, before, previous);
  }

  async emitSubscriptionUpdate(sub: Json, before: Json, previous: Json): Promise<void> {
    if (JSON.stringify(before) === JSON.stringify(sub)) return;
    await this.deps.webhooks.emit(
      'customer.subscription.updated',
      this.subscriptionView(sub, []),
      previous,
    );
  }

  /** DELETE /v1/subscriptions/{id}: canceled now, the open invoice voided. */
  async cancelNow(id: string): Promise<void> {
    const sub = this.get(this.subscriptions, 'subscription', id);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
    sub.status = 'canceled';
    sub.canceled_at ??= now();
    sub.ended_at = now();
    sub.cancel_at = null;
    await this.deps.webhooks.emit('customer.subscription.deleted', this.subscriptionView(sub, []));
  }

  // ---- invoices and payments -------------------------------------------------------------

  createInvoice(sub: Json, reason: string, lines: Json[]): Json {
    const id = newId('in');
    const total = lines.reduce((sum, l) => sum + Number(l.amount), 0);
    const due = Math.max(0, total);
    for (const line of lines) line.invoice = id;
    const item = itemOf(sub);
    const invoice = invoiceObject({
      id,
      sub,
      item,
      reason,
      lines,
      baseUrl: this.deps.baseUrl(),
      number: ++this.#invoiceNumber,
    });
    if (due > 0) {
      const pi = paymentIntentObject(sub, id, due);
      this.paymentIntents.set(String(pi.id), pi);
      invoice.confirmation_secret = { client_secret: pi.client_secret, type: 'payment_intent' };
    } else invoice.confirmation_secret = null;
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  createSetupIntent(form: FormObject): Json {
    const customer = text(form, 'customer');
    if (customer !== undefined && !this.deps.customers.has(customer))
      throw missing('customer', customer);
    const si = setupIntentObject(form, customer ?? null);
    this.setupIntents.set(String(si.id), si);
    return si;
  }

  createPaymentMethod(customer: string, number: string): Json {
    const pm = paymentMethodObject(customer, number);
    this.paymentMethods.set(String(pm.id), pm);
    return pm;
  }

  async payInvoice(invoice: Json, paymentMethod: string): Promise<void> {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempted = true;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    invoice.next_payment_attempt = null;
    (invoice.status_transitions as Json).paid_at = now();
    const sub = this.subscriptions.get(subscriptionOf(invoice) ?? '');
    const previous: Json = {};
    const before = sub && structuredClone(sub);
    if (sub) {
      const settings = sub.payment_settings as Json;
      if (
        settings.save_default_payment_method === 'on_subscription' &&
        sub.default_payment_method === null
      ) {
        previous.default_payment_method = null;
        sub.default_payment_method = paymentMethod;
      }
      if (sub.status === 'incomplete' || sub.status === 'past_due' || sub.status === 'unpaid') {
        previous.status = sub.status;
        sub.status = 'active';
      }
    }
    await this.deps.webhooks.emit('invoice.paid', invoiceView(invoice, []));
    if (sub && before) await this.emitSubscriptionUpdate(sub, before, previous);
  }

  async failInvoice(invoice: Json): Promise<void> {
    invoice.attempted = true;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    const sub = this.subscriptions.get(subscriptionOf(invoice) ?? '');
    invoice.next_payment_attempt =
      invoice.billing_reason === 'subscription_create' ? null : now() + 3 * 86400;
    await this.deps.webhooks.emit('invoice.payment_failed', invoiceView(invoice, []));
    if (sub && sub.status === 'active') {
      const before = structuredClone(sub);
      sub.status = 'past_due';
      await this.emitSubscriptionUpdate(sub, before, { status: 'active' });
    }
  }

  /** An off-session charge with the subscription's card: the customer's set outcome decides. */
  async chargeOffSession(sub: Json, invoice: Json): Promise<void> {
    if (invoice.status === 'paid') {
      await this.deps.webhooks.emit('invoice.paid', invoiceView(invoice, []));
      return;
    }
    const pm = sub.default_payment_method;
    const outcome = this.chargeOutcome.get(String(sub.customer)) ?? 'succeed';
    const pi = this.paymentIntents.get(String(this.piOf(invoice)));
    if (typeof pm !== 'string' || outcome === 'decline') {
      if (pi) {
        pi.status = 'requires_payment_method';
        pi.last_payment_error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: DECLINE_MESSAGE,
        };
      }
      await this.failInvoice(invoice);
      return;
    }
    if (pi) {
      pi.status = 'succeeded';
      pi.payment_method = pm;
    }
    await this.payInvoice(invoice, pm);
  }

  piOf(invoice: Json): string | undefined {
    const secret = (invoice.confirmation_secret as Json | null)?.client_secret;
    return typeof secret === 'string' ? secret.split('_secret_')[0] : undefined;
  }

  // ---- test controls (stripe-billing-controls.ts) -------------------------------------------

  confirm(clientSecret: string, card: string, authenticated = false) {
    return controls.confirm(this, clientSecret, card, authenticated);
  }

  advancePeriod(id: string): Promise<void> {
    return controls.advancePeriod(this, id);
  }

  retryLatestInvoice(id: string): Promise<void> {
    return controls.retryLatestInvoice(this, id);
  }

  expireIncomplete(id: string): Promise<void> {
    return controls.expireIncomplete(this, id);
  }

  // ---- views -------------------------------------------------------------------------------

  /** A subscription as the API returns it, `expand` applied. */
  subscriptionView(sub: Json, expand: string[]): Json {
    const view = structuredClone(sub);
    const wantsInvoice = expand.some(
      (e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'),
    );
    if (wantsInvoice && typeof sub.latest_invoice === 'string') {
      const invoice = this.invoices.get(sub.latest_invoice);
      if (invoice)
        view.latest_invoice = invoiceView(
          invoice,
          expand
            .filter((e) => e.startsWith('latest_invoice.'))
            .map((e) => e.slice('latest_invoice.'.length)),
        );
    }
    if (expand.includes('default_payment_method') && typeof sub.default_payment_method === 'string')
      view.default_payment_method =
        this.paymentMethods.get(sub.default_payment_method) ?? sub.default_payment_method;
    return view;
  }

  /** The object of `kind` by id, or Stripe's resource_missing error. */
  get(map: Map<string, Json>, kind: string, id: string): Json {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  }
}
