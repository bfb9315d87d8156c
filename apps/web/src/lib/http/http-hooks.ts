import { getVisitorId } from '../visitor-id';

/**
 * What the HTTP client needs from the rest of the app, injected so `lib/` never imports a
 * feature: the app wires the auth store in as the session.
 */
export interface RefreshedTokens {
  accessToken: string;
  refreshToken: string;
  /** When the new access token runs out (ms, this browser's clock), when known. */
  expiresAt?: number;
}

export type RefreshHandler = (refreshToken: string) => Promise<RefreshedTokens>;

export interface HttpSession {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: RefreshedTokens): void;
  /**
   * A 401 that no refresh can fix: the session was ended elsewhere (signed out everywhere, a
   * password change, a revoked token) or has run out. Drop it and tell the user.
   */
  endSession(): void;
}

export interface HttpHooks {
  session: HttpSession;
  /** Null until the accounts feature plugs in POST /auth/refresh; a 401 then counts as a failed refresh. */
  refreshHandler: RefreshHandler | null;
  getVisitorId: () => string;
  getCsrfToken: () => string | null;
  /** Told of every exchange's outcome (status, or null when nothing came back), for breadcrumbs. */
  observe: (method: string, url: string, status: number | null) => void;
  /** The HTTPS flag: whether redirects are followed only over https (spec §7). */
  httpsOnly: () => boolean;
}

/** The `<meta name="csrf-token">` value the server fills in, or null when absent/empty. */
export function readCsrfToken(doc: Document | undefined = globalThis.document): string | null {
  const value = doc?.querySelector('meta[name="csrf-token"]')?.getAttribute('content');
  return value ? value : null;
}

const anonymousSession: HttpSession = {
  getAccessToken: () => null,
  getRefreshToken: () => null,
  setTokens: () => undefined,
  endSession: () => undefined,
};

export function createHttpHooks(overrides: Partial<HttpHooks> = {}): HttpHooks {
  return {
    session: anonymousSession,
    refreshHandler: null,
    getVisitorId: () => getVisitorId(),
    getCsrfToken: () => readCsrfToken(),
    observe: () => undefined,
    httpsOnly: () => true,
    ...overrides,
  };
}

/** The hooks of the app-wide client (`http`). */
export const httpHooks: HttpHooks = createHttpHooks();

export function setRefreshHandler(handler: RefreshHandler | null): void {
  httpHooks.refreshHandler = handler;
}

export function setHttpObserver(observe: HttpHooks['observe']): void {
  httpHooks.observe = observe;
}

export function setHttpsOnly(httpsOnly: HttpHooks['httpsOnly']): void {
  httpHooks.httpsOnly = httpsOnly;
}

export function setHttpSession(session: HttpSession): void {
  httpHooks.session = session;
}
