/**
 * One HTTP exchange over fetch, with the few things the client needs that fetch lacks: a
 * timeout, a caller's abort told apart from it, and failures sorted by kind. No retries, no
 * redirects followed (the client decides), no key conversion.
 */
export type Query = Record<string, string | number | boolean | null | undefined>;

export interface TransportRequest {
  method: string;
  url: string;
  params?: Query;
  headers: Headers;
  body?: BodyInit;
  timeoutMs: number;
  signal?: AbortSignal;
  responseType: 'json' | 'blob';
  /** 'manual' lets the client follow redirects itself (over https); see create-http-client. */
  redirect: 'manual' | 'follow';
}

export interface TransportResponse {
  status: number;
  headers: Headers;
  data: unknown;
  /** Fetch refused to show a redirect (browsers, redirect: 'manual'). */
  opaqueRedirect: boolean;
}

export type TransportFailureKind = 'timeout' | 'network' | 'cancelled';

export class TransportFailure extends Error {
  override readonly name = 'TransportFailure';
  constructor(
    readonly kind: TransportFailureKind,
    options?: { cause?: unknown },
  ) {
    super(`Request failed: ${kind}`, options);
  }
}

/** Query parameters as axios wrote them: null and undefined left out, the rest as strings. */
export function withQuery(url: string, params: Query | undefined): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function send(request: TransportRequest): Promise<TransportResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const failure = (error: unknown) =>
    new TransportFailure(
      timedOut ? 'timeout' : controller.signal.aborted ? 'cancelled' : 'network',
      {
        cause: error,
      },
    );
  try {
    let response: Response;
    try {
      response = await fetch(withQuery(request.url, request.params), {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined && { body: request.body }),
        credentials: 'include',
        redirect: request.redirect,
        signal: controller.signal,
      });
    } catch (error) {
      throw failure(error);
    }
    const ok = response.status >= 200 && response.status < 300;
    let data: unknown;
    try {
      data =
        ok && request.responseType === 'blob'
          ? await response.blob()
          : parseBody(await response.text());
    } catch (error) {
      throw failure(error);
    }
    return {
      status: response.status,
      headers: response.headers,
      data,
      opaqueRedirect: response.type === 'opaqueredirect',
    };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}
