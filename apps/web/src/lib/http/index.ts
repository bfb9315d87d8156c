export { http } from './http-client';
export {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type HttpResponse,
  type RequestOptions,
} from './create-http-client';
export {
  createHttpHooks,
  httpHooks,
  readCsrfToken,
  setHttpObserver,
  setHttpSession,
  setHttpsOnly,
  setRefreshHandler,
  type HttpHooks,
  type HttpSession,
  type RefreshHandler,
  type RefreshedTokens,
} from './http-hooks';
export { parseWire, type Wire } from './parse-wire';
export { secureRedirectUrl } from './https-redirect';
export { retryWhileRestarting } from './retry-while-restarting';
