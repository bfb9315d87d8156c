import { list, record, text, type FormObject } from './stripe-form';
import {
  addInterval,
  asObject,
  DECLINE_MESSAGE,
  invalid,
  invoiceObject,
  lineObject,
  listOf,
  missing,
  newId,
  now,
  paymentIntentObject,
  paymentMethodObject,
  portalSessionObject,
  setupIntentObject,
  subscriptionObject,
  TEST_CARDS,
  type Json,
} from './stripe-objects';
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

  constructor(private readonly deps: BillingDeps) {}

  // ---- REST -------------------------------------------------------------------------------

  /** Answers the billing URLs, or undefined for any other. */
  async route(
    method: string,
    parts: string[],
    form: FormObject,
    query: FormObject,
  ): Promise<Json | undefined> {
    const [kind, id, action] = parts;
    const expand = [...list(form, 'expand'), ...list(query, 'expand')];
    if (kind === 'subscriptions') return this.#subscriptionsRoute(method, id, form, query, expand);
    if (kind === 'invoices') {
      if (method === 'POST' && id === 'create_preview') return this.#preview(form);
      if (method === 'GET' && id === undefined) {
        const customer = text(query, 'customer');
        const subscription = text(query, 'subscription');
        const data = [...this.invoices.values()]
          .filter((i) => customer === undefined || i.customer === customer)
          .filter((i) => subscription === undefined || this.#subscriptionOf(i) === subscription)
          .reverse()
          .map((i) =>
            this.#invoiceView(
              i,
              expand.map((e) => e.replace(/^data\./, '')),
            ),
          );
        return listOf('/v1/invoices', data, text(query, 'limit'));
      }
      if (id === undefined) return undefined;
      const invoice = this.#get(this.invoices, 'invoice', id);
      if (method === 'GET' && action === undefined) return this.#invoiceView(invoice, expand);
      return undefined;
    }
    if (kind === 'payment_intents' && id !== undefined && method === 'GET')
      return this.#get(this.paymentIntents, 'payment_intent', id);
    if (kind === 'setup_intents') {
      if (method === 'POST' && id === undefined) return this.#createSetupIntent(form);
      if (method === 'GET' && id !== undefined)
        return this.#get(this.setupIntents, 'setup_intent', id);
      return undefined;
    }
    if (kind === 'payment_methods' && id !== undefined) {
      const pm = this.#get(this.paymentMethods, 'payment_method', id);
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
      if (!this.deps.customers.has(customer)) throw missing('customer', customer);
      return portalSessionObject(customer, text(form, 'return_url') ?? null, this.deps.baseUrl());
    }
    return undefined;
  }

  #subscriptionsRoute(
    method: string,
    id: string | undefined,
    form: FormObject,
    query: FormObject,
    expand: string[],
  ): Promise<Json> | Json {
    if (method === 'POST' && id === undefined) return this.#createSubscription(form, expand);
    if (method === 'GET' && id === undefined) {
      const customer = text(query, 'customer');
      const data = [...this.subscriptions.values()]
        .filter((s) => customer === undefined || s.customer === customer)
        .reverse()
        .map((s) =>
          this.#subscriptionView(
            s,
            expand.map((e) => e.replace(/^data\./, '')),
          ),
        );
      return listOf('/v1/subscriptions', data, text(query, 'limit'));
    }
    if (id === undefined) throw invalid('id', 'Missing id.');
    const sub = this.#get(this.subscriptions, 'subscription', id);
    if (method === 'GET') return this.#subscriptionView(sub, expand);
    if (method === 'DELETE')
      return this.cancelNow(id).then(() => this.#subscriptionView(sub, expand));
    return this.#updateSubscription(sub, form).then(() => this.#subscriptionView(sub, expand));
  }

  // ---- subscriptions ---------------------------------------------------------------------

  async #createSubscription(form: FormObject, expand: string[]): Promise<Json> {
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
    const price = this.#get(this.deps.prices, 'price', priceId);
    if (price.active !== true) throw invalid('items[0][price]', `The price specified is inactive.`);
    if (text(form, 'payment_behavior') !== 'default_incomplete')
      throw invalid(
        'payment_behavior',
        'The stand-in supports payment_behavior=default_incomplete.',
      );
    const id = newId('sub');
    const start = now();
    const recurring = price.recurring as { interval: string; interval_count: number };
    const sub = subscriptionObject({ id, customer, price, start, form });
    this.subscriptions.set(id, sub);
    const item = this.#item(sub);
    this.#createInvoice(sub, 'subscription_create', [
      lineObject(
        sub,
        this.#item(sub),
        `1 × ${this.#productName(price)} (at ${this.#money(price)} / ${recurring.interval})`,
        Number(price.unit_amount),
        false,
        item.current_period_start as number,
        item.current_period_end as number,
      ),
    ]);
    await this.deps.webhooks.emit('customer.subscription.created', this.#subscriptionView(sub, []));
    return this.#subscriptionView(sub, expand);
  }

  async #updateSubscription(sub: Json, form: FormObject): Promise<void> {
    const before = structuredClone(sub);
    const previous: Json = {};
    const cancel = text(form, 'cancel_at_period_end');
    if (cancel !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = cancel === 'true';
      const item = this.#item(sub);
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
      this.#get(this.paymentMethods, 'payment_method', pm);
      previous.default_payment_method = sub.default_payment_method;
      sub.default_payment_method = pm;
    }
    const items = form.items;
    const first = Array.isArray(items) ? asObject(items[0]) : {};
    const newPriceId = text(first, 'price');
    if (newPriceId !== undefined) {
      const price = this.#get(this.deps.prices, 'price', newPriceId);
      const item = this.#item(sub);
      const oldPrice = item.price as Json;
      const at = Number(text(form, 'proration_date') ?? now());
      const lines = this.#prorationLines(sub, oldPrice, price, at);
      previous.items = structuredClone(sub.items);
      item.price = price;
      const behavior = text(form, 'proration_behavior') ?? 'create_prorations';
      if (behavior === 'always_invoice') {
        const invoice = this.#createInvoice(sub, 'subscription_update', lines);
        await this.#emitSubscriptionUpdate(sub, before, previous);
        await this.#chargeOffSession(sub, invoice);
        return;
      }
    }
    await this.#emitSubscriptionUpdate(sub, before, previous);
  }

  async #emitSubscriptionUpdate(sub: Json, before: Json, previous: Json): Promise<void> {
    if (JSON.stringify(before) === JSON.stringify(sub)) return;
    await this.deps.webhooks.emit(
      'customer.subscription.updated',
      this.#subscriptionView(sub, []),
      previous,
    );
  }

  /** DELETE /v1/subscriptions/{id}: canceled now, the open invoice voided. */
  async cancelNow(id: string): Promise<void> {
    const sub = this.#get(this.subscriptions, 'subscription', id);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
    sub.status = 'canceled';
    sub.canceled_at ??= now();
    sub.ended_at = now();
    sub.cancel_at = null;
    await this.deps.webhooks.emit('customer.subscription.deleted', this.#subscriptionView(sub, []));
  }

  // ---- invoices and payments -------------------------------------------------------------

  #prorationLines(sub: Json, oldPrice: Json, newPrice: Json, at: number): Json[] {
    const item = this.#item(sub);
    const start = item.current_period_start as number;
    const end = item.current_period_end as number;
    const fraction = Math.min(1, Math.max(0, (end - at) / Math.max(1, end - start)));
    const after = new Date(at * 1000).toUTCString().slice(5, 16);
    return [
      lineObject(
        sub,
        this.#item(sub),
        `Unused time on ${this.#productName(oldPrice)} after ${after}`,
        -Math.round(Number(oldPrice.unit_amount) * fraction),
        true,
        at,
        end,
      ),
      lineObject(
        sub,
        this.#item(sub),
        `Remaining time on ${this.#productName(newPrice)} after ${after}`,
        Math.round(Number(newPrice.unit_amount) * fraction),
        true,
        at,
        end,
      ),
    ];
  }

  #createInvoice(sub: Json, reason: string, lines: Json[]): Json {
    const id = newId('in');
    const total = lines.reduce((sum, l) => sum + Number(l.amount), 0);
    const due = Math.max(0, total);
    for (const line of lines) line.invoice = id;
    const item = this.#item(sub);
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

  #createSetupIntent(form: FormObject): Json {
    const customer = text(form, 'customer');
    if (customer !== undefined && !this.deps.customers.has(customer))
      throw missing('customer', customer);
    const si = setupIntentObject(form, customer ?? null);
    this.setupIntents.set(String(si.id), si);
    return si;
  }

  #createPaymentMethod(customer: string, number: string): Json {
    const pm = paymentMethodObject(customer, number);
    this.paymentMethods.set(String(pm.id), pm);
    return pm;
  }

  /**
   * What the browser's `stripe.confirmPayment` / `confirmSetup` does, keyed by the client
   * secret: the card number decides (TEST_CARDS). A 3-D Secure card first answers
   * requires_action; confirming again with `authenticated` completes it.
   */
  async confirm(
    clientSecret: string,
    card: string,
    authenticated = false,
  ): Promise<{
    status: string;
    error: { code: string; decline_code?: string; message: string } | null;
  }> {
    const isSetup = clientSecret.startsWith('seti_');
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const intent = (isSetup ? this.setupIntents : this.paymentIntents).get(intentId);
    if (!intent || intent.client_secret !== clientSecret)
      throw invalid('client_secret', 'No such client_secret.');
    if (intent.status === 'succeeded') return { status: 'succeeded', error: null };
    const digits = card.replace(/\D/g, '');
    const invoice = isSetup ? undefined : this.invoices.get(String(intent.invoice));
    if (digits === TEST_CARDS.declined) {
      const error = {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: DECLINE_MESSAGE,
      };
      intent.status = 'requires_payment_method';
      intent[isSetup ? 'last_setup_error' : 'last_payment_error'] = {
        type: 'card_error',
        ...error,
      };
      if (invoice) await this.#failInvoice(invoice);
      return { status: 'requires_payment_method', error };
    }
    if (digits === TEST_CARDS.requiresAction && !authenticated) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect' },
      };
      if (invoice)
        await this.deps.webhooks.emit(
          'invoice.payment_action_required',
          this.#invoiceView(invoice, []),
        );
      return { status: 'requires_action', error: null };
    }
    const customer = String(intent.customer);
    const pm = this.#createPaymentMethod(customer, digits);
    intent.payment_method = pm.id;
    intent.status = 'succeeded';
    intent.next_action = null;
    if (isSetup) {
      await this.deps.webhooks.emit('setup_intent.succeeded', intent);
      return { status: 'succeeded', error: null };
    }
    if (invoice) await this.#payInvoice(invoice, pm.id as string);
    return { status: 'succeeded', error: null };
  }

  async #payInvoice(invoice: Json, paymentMethod: string): Promise<void> {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempted = true;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    invoice.next_payment_attempt = null;
    (invoice.status_transitions as Json).paid_at = now();
    const sub = this.subscriptions.get(this.#subscriptionOf(invoice) ?? '');
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
    await this.deps.webhooks.emit('invoice.paid', this.#invoiceView(invoice, []));
    if (sub && before) await this.#emitSubscriptionUpdate(sub, before, previous);
  }

  async #failInvoice(invoice: Json): Promise<void> {
    invoice.attempted = true;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    const sub = this.subscriptions.get(this.#subscriptionOf(invoice) ?? '');
    invoice.next_payment_attempt =
      invoice.billing_reason === 'subscription_create' ? null : now() + 3 * 86400;
    await this.deps.webhooks.emit('invoice.payment_failed', this.#invoiceView(invoice, []));
    if (sub && sub.status === 'active') {
      const before = structuredClone(sub);
      sub.status = 'past_due';
      await this.#emitSubscriptionUpdate(sub, before, { status: 'active' });
    }
  }

  /** An off-session charge with the subscription's card: the customer's set outcome decides. */
  async #chargeOffSession(sub: Json, invoice: Json): Promise<void> {
    if (invoice.status === 'paid') {
      await this.deps.webhooks.emit('invoice.paid', this.#invoiceView(invoice, []));
      return;
    }
    const pm = sub.default_payment_method;
    const outcome = this.chargeOutcome.get(String(sub.customer)) ?? 'succeed';
    const pi = this.paymentIntents.get(String(this.#piOf(invoice)));
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
      await this.#failInvoice(invoice);
      return;
    }
    if (pi) {
      pi.status = 'succeeded';
      pi.payment_method = pm;
    }
    await this.#payInvoice(invoice, pm);
  }

  #piOf(invoice: Json): string | undefined {
    const secret = (invoice.confirmation_secret as Json | null)?.client_secret;
    return typeof secret === 'string' ? secret.split('_secret_')[0] : undefined;
  }

  /**
   * Test control: the period ends. A subscription set to cancel at period end ends
   * (customer.subscription.deleted); otherwise the next period starts and its invoice is
   * charged off-session (chargeOutcome decides: invoice.paid, or invoice.payment_failed and
   * past_due).
   */
  async advancePeriod(id: string): Promise<void> {
    const sub = this.#get(this.subscriptions, 'subscription', id);
    const item = this.#item(sub);
    if (sub.cancel_at_period_end === true) {
      sub.status = 'canceled';
      sub.ended_at = item.current_period_end;
      await this.deps.webhooks.emit(
        'customer.subscription.deleted',
        this.#subscriptionView(sub, []),
      );
      return;
    }
    const before = structuredClone(sub);
    const price = item.price as Json;
    const recurring = price.recurring as { interval: string; interval_count: number };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(
      item.current_period_end as number,
      recurring.interval,
      recurring.interval_count,
    );
    const invoice = this.#createInvoice(sub, 'subscription_cycle', [
      lineObject(
        sub,
        this.#item(sub),
        `1 × ${this.#productName(price)} (at ${this.#money(price)} / ${recurring.interval})`,
        Number(price.unit_amount),
        false,
        item.current_period_start as number,
        item.current_period_end as number,
      ),
    ]);
    await this.#emitSubscriptionUpdate(sub, before, {
      items: before.items,
      latest_invoice: before.latest_invoice,
    });
    await this.#chargeOffSession(sub, invoice);
  }

  /** Test control: retry a subscription's open latest invoice off-session. */
  async retryLatestInvoice(id: string): Promise<void> {
    const sub = this.#get(this.subscriptions, 'subscription', id);
    const invoice = this.#get(this.invoices, 'invoice', String(sub.latest_invoice));
    if (invoice.status === 'open') await this.#chargeOffSession(sub, invoice);
  }

  /** Test control: an incomplete subscription's first invoice was not paid within 23 hours. */
  async expireIncomplete(id: string): Promise<void> {
    const sub = this.#get(this.subscriptions, 'subscription', id);
    if (sub.status !== 'incomplete') return;
    const before = structuredClone(sub);
    sub.status = 'incomplete_expired';
    sub.ended_at = now();
    const invoice = this.invoices.get(String(sub.latest_invoice));
    if (invoice) invoice.status = 'void';
    await this.#emitSubscriptionUpdate(sub, before, { status: 'incomplete' });
  }

  // ---- previews ----------------------------------------------------------------------------

  #preview(form: FormObject): Json {
    const subId = text(form, 'subscription');
    if (!subId)
      throw invalid('subscription', 'The stand-in previews changes of a subscription only.');
    const sub = this.#get(this.subscriptions, 'subscription', subId);
    const details = asObject(form.subscription_details);
    const items = details.items;
    const first = Array.isArray(items) ? asObject(items[0]) : {};
    const priceId = text(first, 'price');
    if (!priceId) throw invalid('subscription_details[items][0][price]', 'Missing the new price.');
    const price = this.#get(this.deps.prices, 'price', priceId);
    const at = Number(text(details, 'proration_date') ?? now());
    const oldPrice = this.#item(sub).price as Json;
    const lines = this.#prorationLines(sub, oldPrice, price, at);
    const behavior = text(details, 'proration_behavior') ?? 'create_prorations';
    const item = this.#item(sub);
    if (behavior !== 'always_invoice') {
      const recurring = price.recurring as { interval: string };
      lines.push(
        lineObject(
          sub,
          this.#item(sub),
          `1 × ${this.#productName(price)} (at ${this.#money(price)} / ${recurring.interval})`,
          Number(price.unit_amount),
          false,
          item.current_period_end as number,
          addInterval(item.current_period_end as number, recurring.interval, 1),
        ),
      );
    }
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

  // ---- views -------------------------------------------------------------------------------

  #subscriptionView(sub: Json, expand: string[]): Json {
    const view = structuredClone(sub);
    const wantsInvoice = expand.some(
      (e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'),
    );
    if (wantsInvoice && typeof sub.latest_invoice === 'string') {
      const invoice = this.invoices.get(sub.latest_invoice);
      if (invoice)
        view.latest_invoice = this.#invoiceView(
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

  /** confirmation_secret is returned only when expanded (it is an includable field). */
  #invoiceView(invoice: Json, expand: string[]): Json {
    const view = structuredClone(invoice);
    if (!expand.includes('confirmation_secret')) delete view.confirmation_secret;
    return view;
  }

  #subscriptionOf(invoice: Json): string | undefined {
    const parent = invoice.parent as {
      subscription_details: { subscription: string } | null;
    } | null;
    return parent?.subscription_details?.subscription;
  }

  #item(sub: Json): Json {
    const items = (sub.items as { data: Json[] }).data;
    const item = items[0];
    if (!item) throw new Error('a subscription without items');
    return item;
  }

  #productName(price: Json): string {
    const product = this.deps.products.get(String(price.product));
    return String(product?.name ?? price.product);
  }

  #money(price: Json): string {
    return `${(Number(price.unit_amount) / 100).toFixed(2)} ${String(price.currency).toUpperCase()}`;
  }

  #get(map: Map<string, Json>, kind: string, id: string): Json {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  }
}
