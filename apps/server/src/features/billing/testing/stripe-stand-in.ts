import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BillingStandIn } from './stripe-billing-stand-in';
import { invalid, listOf, missing, newId, StripeFailure } from './stripe-objects';
import { list, parseStripeForm, record, text, type FormObject } from './stripe-form';
import { WebhookSink } from './stripe-webhook-sink';

/**
 * A local stand-in for Stripe's REST API, for tests (never shipped): stripe-node talks to it
 * through its `host`/`port`/`protocol` options. It answers in Stripe's shapes (prefixed ids,
 * list objects, `{error: {type, code, message, param}}`), replays idempotent POSTs, and keeps
 * everything in memory: customers, products, prices (lookup keys included), and the billing
 * resources of stripe-billing-stand-in.ts. Webhook events go, signed, to `webhooks.url`.
 *
 * Standalone (browser tests, screenshots): `npx tsx apps/server/scripts/stripe-stand-in.ts
 * --port 12111 --webhook http://127.0.0.1:<server port>/api/v1/billing/webhook --secret whsec_x`
 * then start the server with STRIPE_SECRET_KEY=sk_test_any STRIPE_PUBLISHABLE_KEY=pk_test_any
 * STRIPE_WEBHOOK_SECRET=whsec_x STRIPE_API_BASE=http://127.0.0.1:12111. The browser's
 * `window.Stripe` test double drives payments through the control URLs (JSON bodies, no auth):
 *   POST /__control/confirm          {client_secret, card, authenticated?} → {status, error}
 *   POST /__control/advance_period   {subscription}   (renewal, or the end when cancelling)
 *   POST /__control/charge_outcome   {customer, outcome: 'succeed' | 'decline'} (off-session)
 *   POST /__control/retry_invoice    {subscription}   (charge the open latest invoice again)
 *   POST /__control/expire           {subscription}   (an incomplete one expires)
 * Card numbers: TEST_CARDS (4242… succeeds, 4000002500003155 asks for 3-D Secure: confirm
 * again with authenticated: true, 4000000000009995 is declined with Stripe's message).
 * The app's CSP keeps the page from reaching this server, so a browser test calls the control
 * URLs from Node (e.g. a function the page gets through Playwright's page.exposeFunction).
 */

type Json = Record<string, unknown>;

const now = () => Math.floor(Date.now() / 1000);
const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : value === 'true';

export interface StripeStandIn {
  /** stripe-node options that point it here. */
  readonly clientOptions: { host: string; port: number; protocol: 'http' };
  readonly customers: Map<string, Json>;
  readonly products: Map<string, Json>;
  readonly prices: Map<string, Json>;
  /** Subscriptions, invoices, intents, payment methods, and the payment controls. */
  readonly billing: BillingStandIn;
  /** Where events go (set `url` and `secret`), and what was sent. */
  readonly webhooks: WebhookSink;
  /** Base URL of the stand-in (for STRIPE_API_BASE). */
  readonly url: string;
  /** Every request seen, in order (method, path, parsed body). */
  readonly requests: Array<{ method: string; path: string; body: FormObject }>;
  close(): Promise<void>;
}

export interface StandInOptions {
  port?: number;
  webhook?: { url: string; secret: string };
}

export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const requests: StripeStandIn['requests'] = [];
  const replays = new Map<string, { status: number; body: Json }>();
  const webhooks = new WebhookSink();
  if (options.webhook) {
    webhooks.url = options.webhook.url;
    webhooks.secret = options.webhook.secret;
  }
  let baseUrl = '';
  const billing = new BillingStandIn({
    customers,
    prices,
    products,
    webhooks,
    baseUrl: () => baseUrl,
  });

  const priceView = (price: Json, expand: string[]): Json =>
    expand.includes('data.product') || expand.includes('product')
      ? { ...price, product: products.get(String(price.product)) ?? price.product }
      : price;

  async function route(
    method: string,
    path: string,
    form: FormObject,
    query: FormObject,
  ): Promise<Json> {
    const [, v1, kind, id, ...rest] = path.split('/');
    if (v1 !== 'v1' || kind === undefined) throw unknownUrl(method, path);
    const answer = await billing.route(
      method,
      [kind, ...(id === undefined ? [] : [id]), ...rest],
      form,
      query,
    );
    if (answer !== undefined) return answer;
    if (kind === 'customers') {
      if (method === 'POST' && id === undefined) {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          created: now(),
          email: text(form, 'email') ?? null,
          name: text(form, 'name') ?? null,
          metadata: record(form, 'metadata'),
          invoice_settings: { default_payment_method: null },
          livemode: false,
        };
        customers.set(customer.id, customer);
        return customer;
      }
      if (id === undefined) throw unknownUrl(method, path);
      const customer = customers.get(id);
      if (!customer) throw missing('customer', id);
      if (method === 'GET') return customer;
      const settings = form.invoice_settings;
      const defaultPm =
        settings && typeof settings === 'object' && !Array.isArray(settings)
          ? text(settings, 'default_payment_method')
          : undefined;
      if (defaultPm !== undefined)
        (customer.invoice_settings as Json).default_payment_method = defaultPm;
      Object.assign(customer, {
        ...(text(form, 'email') !== undefined && { email: text(form, 'email') }),
        ...(text(form, 'name') !== undefined && { name: text(form, 'name') }),
        metadata: { ...(customer.metadata as Json), ...record(form, 'metadata') },
      });
      return customer;
    }
    if (kind === 'products') {
      if (method === 'POST' && id === undefined) {
        const name = text(form, 'name');
        if (!name) throw invalid('name', 'Missing required param: name.');
        const product = {
          id: text(form, 'id') ?? newId('prod'),
          object: 'product',
          active: bool(text(form, 'active'), true),
          name,
          description: text(form, 'description') ?? null,
          metadata: record(form, 'metadata'),
          default_price: null,
          created: now(),
          updated: now(),
          livemode: false,
        };
        if (products.has(product.id)) throw invalid('id', `Product already exists.`);
        products.set(product.id, product);
        return product;
      }
      if (method === 'GET' && id === undefined)
        return listOf('/v1/products', [...products.values()].reverse(), text(query, 'limit'));
      if (id === undefined) throw unknownUrl(method, path);
      const product = products.get(id);
      if (!product) throw missing('product', id);
      if (method === 'GET') return product;
      Object.assign(product, {
        ...(text(form, 'name') !== undefined && { name: text(form, 'name') }),
        ...(text(form, 'description') !== undefined && { description: text(form, 'description') }),
        ...(text(form, 'active') !== undefined && { active: bool(text(form, 'active'), true) }),
        metadata: { ...(product.metadata as Json), ...record(form, 'metadata') },
        updated: now(),
      });
      return product;
    }
    if (kind === 'prices') {
      if (method === 'POST' && id === undefined) return createPrice(form);
      if (method === 'GET' && id === undefined) {
        const keys = list(query, 'lookup_keys');
        const active = text(query, 'active');
        const product = text(query, 'product');
        const data = [...prices.values()]
          .reverse()
          .filter((p) => keys.length === 0 || keys.includes(String(p.lookup_key)))
          .filter((p) => active === undefined || p.active === (active === 'true'))
          .filter((p) => product === undefined || p.product === product)
          .map((p) => priceView(p, list(query, 'expand')));
        return listOf('/v1/prices', data, text(query, 'limit'));
      }
      if (id === undefined) throw unknownUrl(method, path);
      const price = prices.get(id);
      if (!price) throw missing('price', id);
      if (method === 'GET') return priceView(price, list(query, 'expand'));
      const lookupKey = text(form, 'lookup_key');
      if (lookupKey !== undefined) claimLookupKey(lookupKey, form, price.id as string);
      Object.assign(price, {
        ...(text(form, 'active') !== undefined && { active: bool(text(form, 'active'), true) }),
        ...(lookupKey !== undefined && { lookup_key: lookupKey === '' ? null : lookupKey }),
        metadata: { ...(price.metadata as Json), ...record(form, 'metadata') },
      });
      return price;
    }
    throw unknownUrl(method, path);
  }

  /** A lookup key names one price; taking it from another needs transfer_lookup_key. */
  function claimLookupKey(key: string, form: FormObject, forPrice: string | null): void {
    if (key === '') return;
    const holder = [...prices.values()].find((p) => p.lookup_key === key && p.id !== forPrice);
    if (!holder) return;
    if (text(form, 'transfer_lookup_key') !== 'true')
      throw invalid(
        'lookup_key',
        `A price (\`${String(holder.id)}\`) already uses that lookup key.`,
      );
    holder.lookup_key = null;
  }

  function createPrice(form: FormObject): Json {
    const product = text(form, 'product');
    if (!product) throw invalid('product', 'Missing required param: product.');
    if (!products.has(product)) throw missing('product', product);
    const currency = text(form, 'currency');
    if (!currency) throw invalid('currency', 'Missing required param: currency.');
    const amount = Number(text(form, 'unit_amount'));
    if (!Number.isInteger(amount) || amount < 0)
      throw invalid('unit_amount', 'Invalid integer: unit_amount.');
    const recurring = record(form, 'recurring');
    const interval = recurring.interval;
    if (interval !== undefined && !['day', 'week', 'month', 'year'].includes(interval))
      throw invalid('recurring[interval]', 'Invalid recurring[interval].');
    const lookupKey = text(form, 'lookup_key') ?? null;
    if (lookupKey !== null) claimLookupKey(lookupKey, form, null);
    const price = {
      id: newId('price'),
      object: 'price',
      active: bool(text(form, 'active'), true),
      billing_scheme: 'per_unit',
      created: now(),
      currency: currency.toLowerCase(),
      livemode: false,
      lookup_key: lookupKey,
      metadata: record(form, 'metadata'),
      nickname: text(form, 'nickname') ?? null,
      product,
      recurring:
        interval === undefined
          ? null
          : {
              interval,
              interval_count: Number(recurring.interval_count ?? 1),
              usage_type: 'licensed',
              meter: null,
              trial_period_days: null,
            },
      tax_behavior: 'unspecified',
      type: interval === undefined ? 'one_time' : 'recurring',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    prices.set(price.id, price);
    return price;
  }

  async function control(action: string, body: Json): Promise<Json> {
    const field = (name: string) => {
      const value = body[name];
      if (typeof value !== 'string' || value === '') throw invalid(name, `Missing ${name}.`);
      return value;
    };
    if (action === 'confirm')
      return billing.confirm(field('client_secret'), field('card'), body.authenticated === true);
    if (action === 'advance_period') await billing.advancePeriod(field('subscription'));
    else if (action === 'retry_invoice') await billing.retryLatestInvoice(field('subscription'));
    else if (action === 'expire') await billing.expireIncomplete(field('subscription'));
    else if (action === 'charge_outcome') {
      const outcome = field('outcome');
      if (outcome !== 'succeed' && outcome !== 'decline')
        throw invalid('outcome', 'succeed or decline.');
      billing.chargeOutcome.set(field('customer'), outcome);
    } else throw unknownUrl('POST', `/__control/${action}`);
    return { ok: true };
  }

  async function handle(
    req: http.IncomingMessage,
    raw: string,
  ): Promise<{ status: number; body: Json }> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/__control/')) {
      const body = raw === '' ? {} : (JSON.parse(raw) as Json);
      return { status: 200, body: await control(url.pathname.slice('/__control/'.length), body) };
    }
    const form = parseStripeForm(raw);
    const query = parseStripeForm(url.search.slice(1));
    requests.push({ method, path: url.pathname, body: form });
    if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? ''))
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
      };
    const key = req.headers['idempotency-key'];
    const replayKey =
      method === 'POST' && typeof key === 'string' ? `${url.pathname} ${key}` : null;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return replay;
    const answer = { status: 200, body: await route(method, url.pathname, form, query) };
    if (replayKey) replays.set(replayKey, answer);
    return answer;
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, body: Json) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type',
        });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'OPTIONS') {
        send(204, {});
        return;
      }
      handle(req, raw).then(
        ({ status, body }) => send(status, body),
        (error: unknown) => {
          if (error instanceof StripeFailure) send(error.status, { error: error.body });
          else send(500, { error: { type: 'api_error', message: String(error) } });
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' },
    url: baseUrl,
    customers,
    products,
    prices,
    billing,
    webhooks,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function unknownUrl(method: string, path: string): StripeFailure {
  return new StripeFailure(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}).`,
  });
}
