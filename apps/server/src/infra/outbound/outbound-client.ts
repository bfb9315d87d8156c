import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { resolveAll, type AddressRefusal, type Resolve } from './address-policy';
import { guardedAgents, openAgents, type AgentPair } from './guarded-agents';
import { ALLOW_HINT, OutboundRefused } from './outbound-refused';

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that carry credentials or describe the body: not sent on to another origin. */
const CREDENTIAL_HEADERS = [
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'x-subscription-token',
  'cookie',
];
const BODY_HEADERS = ['content-type', 'content-length'];

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string | number>;
  body?: string;
  signal: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  /** The URL that answered (after redirects). */
  url: string;
  /** The body as text, cut at the caller's limit. */
  text: string;
}

/** The client bound to one trust level: what an adapter or a token exchange is handed. */
export interface OutboundRoute {
  /**
   * One request, redirects not followed (a 3xx is the caller's answer); resolves with the
   * response head whatever its status. Aborting `signal` destroys the request at any point,
   * including while the body streams. For the provider streams.
   */
  open(url: string, init: OutboundRequest): Promise<IncomingMessage>;
  /**
   * One request and its body, following up to five redirects by hand: every hop connects
   * through the guard, a hop to another origin loses the credential headers (and any trust
   * the first URL had), and a hop may not leave http(s) or fall from https to http.
   */
  fetch(url: string, init: OutboundRequest, maxBytes?: number): Promise<OutboundResponse>;
}

export interface OutboundClientOptions {
  /** ALLOW_PRIVATE_PROVIDER_URLS: configured URLs may reach private addresses too. */
  allowPrivate: boolean;
  /** DNS for the guard (tests simulate a name that changes address). */
  resolve?: Resolve;
  /** What the guard refuses when private addresses are not allowed; every private one by default. */
  refuses?: AddressRefusal;
}

/**
 * node:http parses a URL given as a string on every request; a provider's URLs are few and
 * the same call after call, so each is parsed once. Bounded: Gemini's carry the model name.
 */
const MAX_PARSED_URLS = 256;
const parsedUrls = new Map<string, Readonly<ReturnType<typeof urlToHttpOptions>>>();

function requestOptionsOf(url: string): Readonly<ReturnType<typeof urlToHttpOptions>> {
  let options = parsedUrls.get(url);
  if (options === undefined) {
    options = Object.freeze(urlToHttpOptions(new URL(url)));
    if (parsedUrls.size >= MAX_PARSED_URLS) parsedUrls.clear();
    parsedUrls.set(url, options);
  }
  return options;
}

/** What node:http's own `signal` option destroys the request with. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), {
    name: 'AbortError',
    code: 'ABORT_ERR',
  });
}

/**
 * Destroys the request when `signal` aborts, until the request closes (its response read, or
 * the socket gone): node:http's `signal` option does the same through end-of-stream, whose
 * listeners cost more per call than the request's own setup.
 */
function destroyOnAbort(req: ClientRequest, signal: AbortSignal): void {
  if (signal.aborted) {
    req.destroy(abortError(signal));
    return;
  }
  const onAbort = (): void => {
    req.destroy(abortError(signal));
  };
  signal.addEventListener('abort', onAbort, { once: true });
  req.once('close', () => signal.removeEventListener('abort', onAbort));
}

export function readBody(res: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      if (size < maxBytes) chunks.push(chunk);
      size += chunk.length;
    });
    const done = (): void => resolve(Buffer.concat(chunks).toString('utf8').slice(0, maxBytes));
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });
}

/** What writing on a socket the other end has closed fails with. */
const STALE = new Set(['ECONNRESET', 'EPIPE']);
/** Pooled sockets found closed, one after another, before a request gives up. */
const STALE_RETRIES = 3;

const without = (headers: OutboundRequest['headers'], names: readonly string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k.toLowerCase())));

/**
 * The one HTTP client for every outbound URL that configuration or a stored credential can
 * set (provider base URLs, token URIs, and later tool or MCP endpoints). The guard sits in the
 * connection itself (guarded-agents.ts): the address checked is the address connected to, at
 * request time, for every redirect hop, so a check when a URL is saved is a courtesy, not the
 * defence. Two routes share the pools:
 * - `configured`: URLs and credentials saved in the admin console; guarded unless
 *   ALLOW_PRIVATE_PROVIDER_URLS.
 * - `operator`: the env's own URLs (a local gateway set by whoever runs the server, the
 *   offline demo upstream); the first URL is trusted, a redirect to another origin is not.
 * One pooled agent per scheme and guard, reused by every request (keep-alive, as the provider
 * streams had with Node's global agent).
 */
export class OutboundClient {
  readonly configured: OutboundRoute;
  readonly operator: OutboundRoute;
  readonly #open: AgentPair;
  readonly #guarded: AgentPair;
  readonly #allowPrivate: boolean;

  constructor(options: OutboundClientOptions) {
    this.#allowPrivate = options.allowPrivate;
    this.#open = openAgents();
    this.#guarded = options.allowPrivate
      ? this.#open
      : guardedAgents(options.resolve ?? resolveAll, options.refuses);
    this.configured = this.#route(options.allowPrivate);
    this.operator = this.#route(true);
  }

  /** Closes the pooled sockets (app shutdown). */
  close(): void {
    for (const pair of [this.#open, this.#guarded]) {
      pair.http.destroy();
      pair.https.destroy();
    }
  }

  #route(trusted: boolean): OutboundRoute {
    return {
      open: (url, init) => this.#send(url, init, trusted),
      fetch: (url, init, maxBytes = 1024 * 1024) => this.#fetch(url, init, trusted, maxBytes),
    };
  }

  #send(url: string, init: OutboundRequest, trusted: boolean): Promise<IncomingMessage> {
    const https = url.startsWith('https:');
    const agents = trusted ? this.#open : this.#guarded;
    const send = https ? httpsRequest : httpRequest;
    const attempt = (retriesLeft: number): Promise<IncomingMessage> =>
      new Promise((resolve, reject) => {
        const req = send({
          ...requestOptionsOf(url),
          method: init.method,
          agent: https ? agents.https : agents.http,
          headers:
            init.body === undefined
              ? init.headers
              : { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
        });
        destroyOnAbort(req, init.signal);
        req.on('error', (error: NodeJS.ErrnoException) => {
          // A pooled socket the upstream closed while it sat idle fails the request written
          // on it before any answer (its close crossed the request): nothing reached the
          // model, so the request goes again, on the next pooled socket or a new one.
          const stale = req.reusedSocket && STALE.has(error.code ?? '');
          if (stale && retriesLeft > 0 && !init.signal.aborted)
            attempt(retriesLeft - 1).then(resolve, reject);
          else reject(error);
        });
        req.on('response', resolve);
        req.end(init.body);
      });
    return attempt(STALE_RETRIES);
  }

  async #fetch(
    url: string,
    init: OutboundRequest,
    trusted: boolean,
    maxBytes: number,
  ): Promise<OutboundResponse> {
    let current = new URL(url);
    let request = init;
    let hopTrusted = trusted;
    for (let hop = 0; ; hop += 1) {
      const res = await this.#send(current.toString(), request, hopTrusted);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (!REDIRECTS.has(status) || location === undefined)
        return { status, url: current.toString(), text: await readBody(res, maxBytes) };
      res.resume();
      if (hop === MAX_REDIRECTS)
        throw new OutboundRefused(`${url}: more than ${MAX_REDIRECTS} redirects`);
      const next = new URL(location, current);
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new OutboundRefused(`${current.host} redirected to a ${next.protocol} URL`);
      if (current.protocol === 'https:' && next.protocol === 'http:' && !this.#allowPrivate)
        throw new OutboundRefused(
          `${current.host} redirected from https to http (${next.host}); ${ALLOW_HINT}`,
        );
      if (next.origin !== current.origin) {
        hopTrusted = this.#allowPrivate;
        request = { ...request, headers: without(request.headers, CREDENTIAL_HEADERS) };
      }
      // As browsers do: 303, and 301/302 after a POST, go on as a GET without the body.
      if (status === 303 || ((status === 301 || status === 302) && request.method === 'POST')) {
        const { body: _dropped, ...rest } = request;
        request = { ...rest, method: 'GET', headers: without(rest.headers, BODY_HEADERS) };
      }
      current = next;
    }
  }
}
