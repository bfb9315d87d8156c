import { HTTP, MESSAGES } from '@parallax/contract';
import { ApiError } from '../errors/api-error';
import { send, TransportFailure, type Query, type TransportResponse } from './fetch-transport';
import { httpHooks as defaultHooks, type HttpHooks, type RefreshedTokens } from './http-hooks';
import { FOLLOWED_REDIRECT_STATUSES, MAX_REDIRECTS, secureRedirectUrl } from './https-redirect';
import { errorFromFailure, errorFromResponse } from './normalize-error';

/*
 * The API client of spec §7/§8 on fetch: interceptors, timeout and JSON are written out here
 * because axios alone (20.6 KB gzip) would push the chat route's first load over its 150 KB
 * budget. Keys are not converted: wire data stays snake_case, as the contract types it.
 */

export interface RequestOptions {
  params?: Query;
  headers?: Record<string, string>;
  /** Milliseconds; default HTTP.apiTimeoutMs (or the client's own timeoutMs). */
  timeout?: number;
  signal?: AbortSignal;
  /** 'blob' for file downloads; answers are JSON otherwise. */
  responseType?: 'json' | 'blob';
  /** Set on the refresh call itself so its own 401 cannot start another refresh. */
  skipAuthRefresh?: boolean;
}

export interface HttpResponse<T> {
  /** The body as the server sent it (snake_case, like the contract); a Blob for responseType 'blob'. */
  data: T;
  status: number;
  headers: Headers;
}

export interface HttpClient {
  get<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T = unknown>(
    url: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  patch<T = unknown>(
    url: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<HttpResponse<T>>;
}

export interface HttpClientOptions {
  baseURL: string;
  timeoutMs?: number;
  hooks?: HttpHooks;
}

interface Attempt {
  method: string;
  /** Absolute. */
  url: string;
  body: unknown;
  options: RequestOptions;
  redirectCount: number;
  /** The one retry after a refresh (spec §5: the 401 retry runs once per request). */
  retriedAfterRefresh: boolean;
}

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

/** baseURL + url, made absolute against the page (Node's fetch, unlike a browser's, needs that). */
function joinUrl(baseURL: string, url: string): string {
  const joined =
    ABSOLUTE_URL.test(url) || !baseURL
      ? url
      : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  return new URL(joined, globalThis.location?.href).toString();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Bodies are sent as the fetchers built them: they are typed from the contract, which is
 * snake_case already, so nothing is renamed on the way out (or on the way in).
 */
function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  // FormData, Blob and the like go as they are; fetch sets their content type.
  if (isPlainObject(body) || Array.isArray(body)) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(body);
  }
  return body as BodyInit;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const hooks = options.hooks ?? defaultHooks;

  let refreshInFlight: Promise<RefreshedTokens> | null = null;
  const refreshOnce = (refreshToken: string): Promise<RefreshedTokens> => {
    const handler = hooks.refreshHandler;
    if (!handler) return Promise.reject(new Error('No refresh handler registered'));
    // Concurrent 401s share one refresh: refresh tokens are single-use on the server.
    refreshInFlight ??= handler(refreshToken).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  };

  const exchange = async (
    attempt: Attempt,
    redirect: 'manual' | 'follow',
  ): Promise<{ response: TransportResponse; sentToken: string | null }> => {
    const headers = new Headers(attempt.options.headers);
    const sentToken = hooks.session.getAccessToken();
    if (sentToken) headers.set('Authorization', `Bearer ${sentToken}`);
    const csrf = hooks.getCsrfToken();
    if (csrf) headers.set(HTTP.csrfHeader, csrf);
    headers.set(HTTP.visitorIdHeader, hooks.getVisitorId());
    const body = encodeBody(attempt.body, headers);
    try {
      const response = await send({
        method: attempt.method,
        url: attempt.url,
        ...(attempt.options.params && { params: attempt.options.params }),
        headers,
        ...(body !== undefined && { body }),
        timeoutMs: attempt.options.timeout ?? options.timeoutMs ?? HTTP.apiTimeoutMs,
        ...(attempt.options.signal && { signal: attempt.options.signal }),
        responseType: attempt.options.responseType ?? 'json',
        redirect,
      });
      hooks.observe(attempt.method, attempt.url, response.status);
      return { response, sentToken };
    } catch (error) {
      hooks.observe(attempt.method, attempt.url, null);
      throw error instanceof TransportFailure ? errorFromFailure(error) : error;
    }
  };

  const run = async (attempt: Attempt): Promise<HttpResponse<unknown>> => {
    let { response, sentToken } = await exchange(attempt, 'manual');
    // Browsers hide a redirect's Location from script (an "opaque" redirect), so the https
    // rewrite below cannot apply there; they follow it themselves, as any browser client does.
    if (response.opaqueRedirect) ({ response, sentToken } = await exchange(attempt, 'follow'));
    const { status } = response;
    if (status >= 200 && status < 300) {
      return { data: response.data, status, headers: response.headers };
    }

    const location = response.headers.get('location');
    if (FOLLOWED_REDIRECT_STATUSES.includes(status) && location !== null) {
      const hops = attempt.redirectCount + 1;
      const target =
        hops <= MAX_REDIRECTS ? secureRedirectUrl(location, attempt.url, hooks.httpsOnly()) : null;
      if (target === null) throw errorFromResponse(response);
      const keepsBody = status === 307;
      return run({
        ...attempt,
        url: target,
        redirectCount: hops,
        method: keepsBody ? attempt.method : 'GET',
        body: keepsBody ? attempt.body : undefined,
      });
    }

    if (
      status === 401 &&
      sentToken &&
      !attempt.options.skipAuthRefresh &&
      !attempt.retriedAfterRefresh
    ) {
      const retry = () => run({ ...attempt, retriedAfterRefresh: true });
      // Another request already refreshed while this one was in flight: just retry with the new token.
      const current = hooks.session.getAccessToken();
      if (current && current !== sentToken) return retry();
      const refreshToken = hooks.session.getRefreshToken();
      if (!refreshToken) {
        // Without a refresh token the session cannot be renewed: same outcome as a failed refresh.
        hooks.session.endSession();
        throw errorFromResponse(response, MESSAGES.noRefreshToken);
      }
      let tokens: RefreshedTokens;
      try {
        tokens = await refreshOnce(refreshToken);
      } catch {
        hooks.session.endSession();
        throw errorFromResponse(response);
      }
      hooks.session.setTokens(tokens);
      return retry();
    }
    throw errorFromResponse(response);
  };

  const request = <T>(
    method: string,
    url: string,
    body: unknown,
    requestOptions: RequestOptions = {},
  ) =>
    run({
      method,
      url: joinUrl(options.baseURL, url),
      body,
      options: requestOptions,
      redirectCount: 0,
      retriedAfterRefresh: false,
    }) as Promise<HttpResponse<T>>;

  return {
    get: <T>(url: string, o?: RequestOptions) => request<T>('GET', url, undefined, o),
    delete: <T>(url: string, o?: RequestOptions) => request<T>('DELETE', url, undefined, o),
    post: <T>(url: string, body?: unknown, o?: RequestOptions) => request<T>('POST', url, body, o),
    put: <T>(url: string, body?: unknown, o?: RequestOptions) => request<T>('PUT', url, body, o),
    patch: <T>(url: string, body?: unknown, o?: RequestOptions) =>
      request<T>('PATCH', url, body, o),
  };
}

export { ApiError };
