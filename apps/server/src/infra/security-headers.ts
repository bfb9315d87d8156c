import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

type Directives = Record<string, string[]>;

const STRIPE_JS = 'https://js.stripe.com';

/**
 * The app's Content-Security-Policy: only what the web app loads. Inline styles stay allowed
 * because Radix and KaTeX position and size elements with style attributes.
 */
export function appCspDirectives(config: AppConfig): Directives {
  const app = new URL(config.appUrl);
  const secure = app.protocol === 'https:';
  const socketOrigin = `${secure ? 'wss' : 'ws'}://${app.host}`;
  const stripe = config.stripe.publishableKey !== undefined;
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? [STRIPE_JS] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socketOrigin, ...(stripe ? ['https://api.stripe.com'] : [])],
    // Stripe Elements render in Stripe's iframes; nothing else is framed.
    'frame-src': stripe ? [STRIPE_JS, 'https://hooks.stripe.com'] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'script-src-attr': ["'none'"],
  };
  // Only on https: on plain-http localhost it would make browsers ask for https subresources.
  if (secure) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The Swagger UI page at /api/docs loads only its own bundled files. */
export function docsCsp(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function helmetOptions(config: AppConfig): HelmetOptions {
  const secure = config.appUrl.startsWith('https:');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(config) },
    // HSTS on plain http is ignored by browsers and only confuses local setups.
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Provider avatars and OAuth images come from other origins.
    crossOriginEmbedderPolicy: false,
    // Same answer as frame-ancestors 'none', for browsers that predate CSP.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** What helmet does to every response: headers set (in its order) and headers removed. */
export interface SecurityHeaders {
  set: readonly (readonly [name: string, value: string])[];
  removed: readonly string[];
}

/**
 * Runs helmet's middleware once against a recording response. Its headers depend only on its
 * options (no directive here is a function of the request), so one run gives every response's.
 */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return { set, removed };
}

/**
 * helmet's headers on every response. @fastify/helmet would build helmet's middleware again on
 * every request (parsing the CSP directives each time), a measurable share of a public API
 * call; the headers are computed once and set the way helmet sets them (on the raw response).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, removed } = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}
