import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Provider } from '@parallax/contract';
import { handleMessages } from './anthropic/anthropic.routes';
import type { Exchange } from './exchange';
import { handleGenerateContent, matchGeminiRoute } from './gemini/gemini.routes';
import { sendJson } from './http-io';
import { DEFAULT_SIM_DEFAULTS, type SimDefaults } from './knobs';
import { handleChatCompletions, handleListModels } from './openai/openai.routes';
import {
  RequestLog,
  redactHeaders,
  redactQuery,
  type SimEventName,
  type SimRequestRecord,
} from './request-log';

export interface ProviderSimOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Server-wide knob defaults; per-request headers and prompt directives override them. */
  defaults?: Partial<SimDefaults>;
  /**
   * Called right after each streamed token is written to the socket: lets a benchmark stamp
   * the moment the upstream emitted it without a proxy hop in between.
   */
  onTokenWritten?: (record: SimRequestRecord, token: string) => void;
}

/** Vertex needs a project and location in its base URL; the sim accepts any. */
export const SIM_VERTEX_PROJECT = 'sim-project';
export const SIM_VERTEX_LOCATION = 'us-central1';

export interface ProviderSim {
  /** e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  port: number;
  /** Base URLs in the form the server's `<PROVIDER>_BASE_URL` env vars take. */
  baseUrls: Readonly<Record<Provider, string>>;
  readonly requests: readonly SimRequestRecord[];
  waitForRequest(
    predicate: (record: SimRequestRecord) => boolean,
    timeoutMs?: number,
  ): Promise<SimRequestRecord>;
  /** 'request' on arrival, 'update' on any change, 'end' when answered, 'client-close' on a client hang-up. */
  on(event: SimEventName, listener: (record: SimRequestRecord) => void): void;
  off(event: SimEventName, listener: (record: SimRequestRecord) => void): void;
  clearRequests(): void;
  close(): Promise<void>;
}

type Route = (exchange: Exchange) => Promise<void> | void;

function routeFor(method: string, pathname: string): Route | undefined {
  if (method === 'POST' && pathname === '/v1/chat/completions') return handleChatCompletions;
  if (method === 'GET' && pathname === '/v1/models') return handleListModels;
  if (method === 'POST' && pathname === '/v1/messages') return handleMessages;
  const gemini = method === 'POST' ? matchGeminiRoute(pathname) : undefined;
  if (gemini) return (exchange) => handleGenerateContent(exchange, gemini);
  return undefined;
}

function validDefaults(overrides: Partial<SimDefaults> = {}): SimDefaults {
  const defaults = { ...DEFAULT_SIM_DEFAULTS, ...overrides };
  for (const [name, value] of Object.entries(defaults)) {
    const minimum = name === 'ttftMs' ? 0 : 1;
    if (!Number.isFinite(value) || value < minimum) {
      throw new RangeError(
        `provider-sim: defaults.${name} must be a number >= ${minimum}, got ${value}`,
      );
    }
  }
  return defaults;
}

function serveInspection(req: IncomingMessage, res: ServerResponse, log: RequestLog): void {
  if (req.method === 'DELETE') {
    log.clear();
    res.writeHead(204).end();
  } else {
    sendJson(res, 200, { requests: log.requests });
  }
}

/** Starts the simulated upstream; resolves once it is listening. */
export async function startProviderSim(options: ProviderSimOptions = {}): Promise<ProviderSim> {
  const defaults = validDefaults(options.defaults);
  const log = new RequestLog();
  let closing = false;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider-sim');
    const method = req.method ?? 'GET';
    if (url.pathname === '/__sim/requests') return serveInspection(req, res, log);

    const record = log.open({
      method,
      path: url.pathname,
      query: redactQuery(url.searchParams),
      headers: redactHeaders(req.headers),
    });
    const clientGone = new AbortController();
    let simClosing = false;
    res.on('close', () => {
      if (res.writableFinished || simClosing || closing) return;
      log.markClientClosed(record);
      clientGone.abort();
    });
    const exchange: Exchange = {
      req,
      res,
      url,
      record,
      log,
      defaults,
      clientGone: clientGone.signal,
      onTokenWritten: options.onTokenWritten,
      markSimClosing: () => {
        simClosing = true;
      },
    };
    const route = routeFor(method, url.pathname);
    if (!route) {
      log.update(record, { status: 404 });
      sendJson(res, 404, {
        error: { message: `provider-sim: no route for ${method} ${url.pathname}` },
      });
      log.finish(record, 'error');
      return;
    }
    Promise.resolve(route(exchange)).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: { message: `provider-sim: ${message}` } });
      log.finish(record, 'error');
    });
  });

  // Idle keep-alive connections stay open as long as the real providers' fronts keep them
  // (Cloudflare, in front of OpenAI and Anthropic: 400 s), not Node's 5 s, so a client's
  // connection pool behaves against the sim as it does against them.
  server.keepAliveTimeout = 400_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A real provider accepts bursts of new connections; Node's default backlog (511) would
    // SYN-drop a burst of sends and turn it into seconds of TCP retransmits.
    const listenOptions = {
      port: options.port ?? 0,
      host: options.host ?? '127.0.0.1',
      backlog: 4096,
    };
    server.listen(listenOptions, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  return {
    url,
    port: address.port,
    baseUrls: Object.freeze({
      openai: `${url}/v1`,
      grok: `${url}/v1`,
      anthropic: `${url}/v1`,
      gemini: `${url}/v1`,
      google: `${url}/v1beta1/projects/${SIM_VERTEX_PROJECT}/locations/${SIM_VERTEX_LOCATION}/publishers/google`,
    }),
    get requests() {
      return log.requests;
    },
    waitForRequest: (predicate, timeoutMs) => log.waitForRequest(predicate, timeoutMs),
    on: (event, listener) => void log.on(event, listener),
    off: (event, listener) => void log.off(event, listener),
    clearRequests: () => log.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        server.close((error) => (error ? reject(error) : resolve()));
        // Stalled streams never end on their own.
        server.closeAllConnections();
      }),
  };
}
