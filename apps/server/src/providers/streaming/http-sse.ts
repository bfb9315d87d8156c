import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { UpstreamHttpError } from '../classify-upstream-error';
import type { HttpTarget } from './wire';

const MAX_ERROR_BODY_BYTES = 64 * 1024;

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
    const req = send(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept,
        'content-length': Buffer.byteLength(body),
        ...target.headers,
      },
      signal,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) resolve(res);
      else readText(res).then((text) => reject(new UpstreamHttpError(status, text)), reject);
    });
    req.end(body);
  });
}
