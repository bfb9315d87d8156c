import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { retryAfterOf, UpstreamHttpError } from '../classify-upstream-error';
import type { HttpTarget } from './wire';

const MAX_ERROR_BODY_BYTES = 64 * 1024;

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

function readText(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      if (size < MAX_ERROR_BODY_BYTES) chunks.push(chunk);
      size += chunk.length;
    });
    const done = (): void => resolve(Buffer.concat(chunks).toString('utf8'));
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });
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

/**
 * POSTs the JSON body and resolves with the response once it is a 2xx; an HTTP error is read
 * and thrown as UpstreamHttpError. Aborting `signal` destroys the request (closing the socket)
 * at any point, including while the body streams.
 */
export function postForStream(
  target: HttpTarget,
  signal: AbortSignal,
  accept = 'text/event-stream',
): Promise<IncomingMessage> {
  const body = JSON.stringify(target.body);
  const send = target.url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send({
      ...requestOptionsOf(target.url),
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept,
        'content-length': Buffer.byteLength(body),
        ...target.headers,
      },
    });
    destroyOnAbort(req, signal);
    req.on('error', reject);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) resolve(res);
      else
        readText(res).then(
          (text) => reject(new UpstreamHttpError(status, text, retryAfterOf(res.headers))),
          reject,
        );
    });
    req.end(body);
  });
}
