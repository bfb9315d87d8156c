import type { IncomingMessage } from 'node:http';
import { readBody, type OutboundRoute } from '../../infra/outbound/outbound-client';
import { retryAfterOf, UpstreamHttpError } from '../classify-upstream-error';
import type { HttpTarget } from './wire';

const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * POSTs the JSON body through the outbound client's `route` and resolves with the response
 * once it is a 2xx; an HTTP error (a redirect too: upstreams are not followed) is read and
 * thrown as UpstreamHttpError. Aborting `signal` destroys the request (closing the socket) at
 * any point, including while the body streams.
 */
export async function postForStream(
  route: OutboundRoute,
  target: HttpTarget,
  signal: AbortSignal,
  accept = 'text/event-stream',
): Promise<IncomingMessage> {
  const res = await route.open(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, ...target.headers },
    body: JSON.stringify(target.body),
    signal,
  });
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return res;
  throw new UpstreamHttpError(
    status,
    await readBody(res, MAX_ERROR_BODY_BYTES),
    retryAfterOf(res.headers),
  );
}
