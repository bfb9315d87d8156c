import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OutboundRoute } from '../../infra/outbound/outbound-client';

const METHODS = new Set(['GET', 'POST', 'DELETE'] as const);
type Method = 'GET' | 'POST' | 'DELETE';

function isMethod(value: string): value is Method {
  return (METHODS as Set<string>).has(value);
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function responseHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(key, one);
  }
  return headers;
}

/**
 * The SDK's transports speak fetch; this one goes through an outbound route, so every
 * connection to an MCP server passes the same address guard as the rest of the app's
 * outbound traffic (a user's server never reaches a private address, DNS rebinding included).
 * Redirects are not followed: the SDK treats a 3xx as a failed request.
 */
export function fetchThrough(route: OutboundRoute): FetchLike {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (!isMethod(method)) throw new TypeError(`MCP transport: method ${method} is not used`);
    const raw = init?.body;
    const headers = headersOf(init);
    let body: string | undefined;
    if (typeof raw === 'string') body = raw;
    else if (raw instanceof URLSearchParams) {
      // OAuth token requests (form-encoded).
      body = raw.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (raw !== undefined && raw !== null)
      throw new TypeError('MCP transport: only text and form bodies are sent');
    const res = await route.open(String(url), {
      method,
      headers,
      ...(typeof body === 'string' && { body }),
      signal: init?.signal ?? new AbortController().signal,
    });
    const status = res.statusCode ?? 502;
    const noBody = status === 204 || status === 304 || method === 'DELETE';
    if (noBody) res.resume();
    return new Response(noBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
      status,
      statusText: res.statusMessage ?? '',
      headers: responseHeaders(res.headers),
    });
  };
}
