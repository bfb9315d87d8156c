import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { list, parseStripeForm, record, text, type FormObject } from './stripe-form';

/**
 * A local stand-in for Stripe's REST API, for tests (never shipped): stripe-node talks to it
 * through its `host`/`port`/`protocol` options. It answers in Stripe's shapes (prefixed ids,
 * list objects, `{error: {type, code, message, param}}`), replays idempotent POSTs, and keeps
 * everything in memory. Resources so far: customers, products, prices (lookup keys included).
 */

type Json = Record<string, unknown>;

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });

const invalid = (param: string, message: string) =>
  new StripeFailure(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    message,
    param,
  });

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : value === 'true';

export interface StripeStandIn {
  /** stripe-node options that point it here. */
  readonly clientOptions: { host: string; port: number; protocol: 'http' };
  readonly customers: Map<string, Json>;
  readonly products: Map<string, Json>;
  readonly prices: Map<string, Json>;
  /** Every request seen, in order (method, path, parsed body). */
  readonly requests: Array<{ method: string; path: string; body: FormObject }>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const requests: StripeStandIn['requests'] = [];
  const replays = new Map<string, { status: number; body: Json }>();

  const listOf = (url: string, data: Json[], limit: string | undefined): Json => {
    const n = Math.min(Math.max(Number(limit ?? 10) || 10, 1), 100);
    return { object: 'list', url, has_more: data.length > n, data: data.slice(0, n) };
  };

  const priceView = (price: Json, expand: string[]): Json =>
    expand.includes('data.product') || expand.includes('product')
      ? { ...price, product: products.get(String(price.product)) ?? price.product }
      : price;

  function route(method: string, path: string, form: FormObject, query: FormObject): Json {
    const [, v1, kind, id] = path.split('/');
    if (v1 !== 'v1') throw unknownUrl(method, path);
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

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const form = parseStripeForm(raw);
      const query = parseStripeForm(url.search.slice(1));
      requests.push({ method, path: url.pathname, body: form });
      const send = (status: number, body: Json) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(body));
      };
      if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? '')) {
        send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        });
        return;
      }
      const key = req.headers['idempotency-key'];
      const replayKey =
        method === 'POST' && typeof key === 'string' ? `${url.pathname} ${key}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        send(replay.status, replay.body);
        return;
      }
      let status = 200;
      let body: Json;
      try {
        body = route(method, url.pathname, form, query);
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        status = error.status;
        body = { error: error.body };
      }
      if (replayKey) replays.set(replayKey, { status, body });
      send(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' },
    customers,
    products,
    prices,
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
