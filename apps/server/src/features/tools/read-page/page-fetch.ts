import type { IncomingMessage } from 'node:http';
import type { OutboundRoute } from '../../../infra/outbound/outbound-client';
import { ToolFailure } from '../turn-tool';

/** Bounds of one page read: the body read, the time, the redirects followed. */
export const PAGE_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 5,
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const TEXT_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain']);

export interface FetchedPage {
  /** The URL that answered, after redirects. */
  url: string;
  contentType: 'html' | 'text';
  body: string;
}

const NOT_ALLOWED = (host: string) =>
  new ToolFailure(`This address is not allowed: ${host} is a private or local address.`);

/**
 * The URL if it may be read: http(s), no credentials. Whether its address is private is the
 * guard's call, at connection time, for this hop and every redirect.
 */
export function checkPageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolFailure('read_page needs a full http or https URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ToolFailure('read_page reads only http and https pages.');
  if (url.username || url.password)
    throw new ToolFailure('read_page does not send a user name or password in a URL.');
  return url;
}

function isRefused(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'OutboundRefused' || ('code' in error && error.code === 'EOUTBOUNDREFUSED'))
  );
}

function mediaTypeOf(res: IncomingMessage): { type: string; charset: string | undefined } {
  const header = res.headers['content-type'] ?? '';
  const [type = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  return { type, charset };
}

function decode(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The body, or a ToolFailure as soon as it passes the cap (the rest is not downloaded). */
function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      reject(error);
      res.destroy();
    };
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes)
        return fail(new ToolFailure(`This page is larger than ${maxBytes / 1024 / 1024} MB.`));
      chunks.push(chunk);
    });
    res.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    res.on('error', fail);
    res.on('aborted', () => fail(new ToolFailure('The page stopped sending before its end.')));
  });
}

/**
 * GETs a page a model asked for, through the route that never reaches a private address (the
 * URL is user-controlled). Redirects are followed by hand so every hop is checked the same way;
 * only HTML and plain text are read, up to PAGE_LIMITS.maxBytes, within PAGE_LIMITS.timeoutMs.
 */
export async function fetchPage(
  route: OutboundRoute,
  raw: string,
  signal: AbortSignal,
): Promise<FetchedPage> {
  let current = checkPageUrl(raw);
  const timeout = AbortSignal.timeout(PAGE_LIMITS.timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  try {
    for (let hop = 0; ; hop += 1) {
      const res = await route.open(current.toString(), {
        method: 'GET',
        headers: {
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9',
          'user-agent': 'Parallax-read-page/1.0',
        },
        signal: both,
      });
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location !== undefined) {
        res.resume();
        if (hop === PAGE_LIMITS.maxRedirects)
          throw new ToolFailure(`The page redirected more than ${PAGE_LIMITS.maxRedirects} times.`);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new ToolFailure('The page redirected to an address that is not a URL.');
        }
        current = checkPageUrl(next.toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new ToolFailure(`The page answered HTTP ${status}.`);
      }
      const { type, charset } = mediaTypeOf(res);
      if (!TEXT_TYPES.has(type)) {
        res.resume();
        res.destroy();
        throw new ToolFailure(`This page is not HTML or text (${type || 'no content type'}).`);
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > PAGE_LIMITS.maxBytes) {
        res.destroy();
        throw new ToolFailure(`This page is larger than ${PAGE_LIMITS.maxBytes / 1024 / 1024} MB.`);
      }
      const bytes = await readCapped(res, PAGE_LIMITS.maxBytes);
      return {
        url: current.toString(),
        contentType: type === 'text/plain' ? 'text' : 'html',
        body: decode(bytes, charset),
      };
    }
  } catch (error) {
    if (error instanceof ToolFailure) throw error;
    if (signal.aborted) throw error;
    if (timeout.aborted) throw new ToolFailure('The page did not answer in time.');
    if (isRefused(error)) throw NOT_ALLOWED(current.hostname.replace(/^\[|\]$/g, ''));
    throw new ToolFailure(`The page at ${current.host} could not be reached.`);
  }
}
