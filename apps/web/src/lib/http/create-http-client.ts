import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { HTTP, MESSAGES } from '@parallax/contract';
import { keysToCamel, keysToSnake, isPlainObject } from '../case-convert';
import { ApiError } from '../errors/api-error';
import { httpHooks as defaultHooks, type HttpHooks, type RefreshedTokens } from './http-hooks';
import { FOLLOWED_REDIRECT_STATUSES, MAX_REDIRECTS, secureRedirectUrl } from './https-redirect';
import { normalizeAxiosError } from './normalize-error';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the refresh call itself so its own 401 cannot start another refresh. */
    skipAuthRefresh?: boolean;
    /** The one retry after a refresh (spec §5: the 401 retry runs once per request). */
    retriedAfterRefresh?: boolean;
    redirectCount?: number;
  }
}

export interface HttpClientOptions {
  baseURL: string;
  timeoutMs?: number;
  hooks?: HttpHooks;
  /** Tests pass 'http' to use Node's adapter against a real local server. */
  adapter?: AxiosAdapter | 'http' | 'xhr' | 'fetch';
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const value = config.headers.get('Authorization');
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : null;
}

export function createHttpClient(options: HttpClientOptions): AxiosInstance {
  const hooks = options.hooks ?? defaultHooks;
  const client = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? HTTP.apiTimeoutMs,
    withCredentials: true,
    // Redirects are followed by the interceptor below so they can be forced onto https.
    maxRedirects: 0,
    ...(options.adapter !== undefined && { adapter: options.adapter }),
  });

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

  client.interceptors.request.use((config) => {
    const token = hooks.session.getAccessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    const csrf = hooks.getCsrfToken();
    if (csrf) config.headers.set(HTTP.csrfHeader, csrf);
    config.headers.set(HTTP.visitorIdHeader, hooks.getVisitorId());
    // Only JSON bodies are converted; query params keep the names the spec gives them.
    if (isPlainObject(config.data) || Array.isArray(config.data))
      config.data = keysToSnake(config.data);
    return config;
  });

  const fail = async (error: unknown): Promise<AxiosResponse> => {
    if (!(error instanceof AxiosError) || !error.config) throw error;
    const config = error.config;
    const status = error.response?.status;

    const location: unknown = error.response?.headers.location;
    if (
      status !== undefined &&
      FOLLOWED_REDIRECT_STATUSES.includes(status) &&
      typeof location === 'string'
    ) {
      const hops = (config.redirectCount ?? 0) + 1;
      const target =
        hops <= MAX_REDIRECTS ? secureRedirectUrl(location, client.getUri(config)) : null;
      if (target === null) throw normalizeAxiosError(error);
      const keepsBody = status === 307;
      return client.request({
        ...config,
        url: target,
        baseURL: '',
        redirectCount: hops,
        method: keepsBody ? config.method : 'get',
        data: keepsBody ? config.data : undefined,
        headers: AxiosHeaders.from(config.headers),
      });
    }

    const sentToken = bearerOf(config);
    if (status === 401 && sentToken && !config.skipAuthRefresh && !config.retriedAfterRefresh) {
      const retry = () =>
        client.request({
          ...config,
          retriedAfterRefresh: true,
          headers: AxiosHeaders.from(config.headers),
        });
      // Another request already refreshed while this one was in flight: just retry with the new token.
      const current = hooks.session.getAccessToken();
      if (current && current !== sentToken) return retry();
      const refreshToken = hooks.session.getRefreshToken();
      if (!refreshToken) {
        // Without a refresh token the session cannot be renewed: same outcome as a failed refresh.
        hooks.session.clearSession();
        hooks.navigate('/');
        throw normalizeAxiosError(error, MESSAGES.noRefreshToken);
      }
      let tokens: RefreshedTokens;
      try {
        tokens = await refreshOnce(refreshToken);
      } catch {
        hooks.session.clearSession();
        hooks.navigate('/');
        throw normalizeAxiosError(error);
      }
      hooks.session.setTokens(tokens);
      return retry();
    }
    throw normalizeAxiosError(error);
  };

  client.interceptors.response.use((response) => {
    response.data = keysToCamel(response.data);
    return response;
  }, fail);

  return client;
}

export { ApiError };
