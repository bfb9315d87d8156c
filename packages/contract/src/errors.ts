/** The error catalogue of spec §8 as data. Texts are quoted exactly; tests compare them with the spec. */

export const CLIENT_ERROR_TYPES = [
  'NETWORK_ERROR',
  'AUTHENTICATION_ERROR',
  'AUTHORIZATION_ERROR',
  'VALIDATION_ERROR',
  'RATE_LIMIT_ERROR',
  'SERVER_ERROR',
  'TIMEOUT_ERROR',
  'UNKNOWN_ERROR',
] as const;
export type ClientErrorType = (typeof CLIENT_ERROR_TYPES)[number];

export const ERROR_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

export interface ErrorPolicy {
  type: ClientErrorType;
  severity: ErrorSeverity;
  userMessage: string;
  retryable: boolean;
  maxRetries: number;
}

const SERVICE_UNAVAILABLE =
  'The AI service (or the named provider) is temporarily unavailable. Please try again in a few moments.';

/** Spec §8 "Status to user message". */
export const STATUS_POLICIES: Readonly<Record<number, ErrorPolicy>> = {
  401: {
    type: 'AUTHENTICATION_ERROR',
    severity: 'HIGH',
    userMessage: 'Your session has expired. Please sign in again.',
    retryable: false,
    maxRetries: 0,
  },
  403: {
    type: 'AUTHORIZATION_ERROR',
    severity: 'HIGH',
    userMessage: 'You do not have permission to perform this action.',
    retryable: false,
    maxRetries: 0,
  },
  404: {
    type: 'UNKNOWN_ERROR',
    severity: 'MEDIUM',
    userMessage: 'The requested service is not available. Please try again later.',
    retryable: false,
    maxRetries: 0,
  },
  429: {
    type: 'RATE_LIMIT_ERROR',
    severity: 'MEDIUM',
    userMessage: 'Too many requests. Please wait a moment before trying again.',
    retryable: true,
    maxRetries: 3,
  },
  500: {
    type: 'SERVER_ERROR',
    severity: 'HIGH',
    userMessage: SERVICE_UNAVAILABLE,
    retryable: true,
    maxRetries: 3,
  },
  502: {
    type: 'SERVER_ERROR',
    severity: 'HIGH',
    userMessage: SERVICE_UNAVAILABLE,
    retryable: true,
    maxRetries: 3,
  },
  503: {
    type: 'SERVER_ERROR',
    severity: 'HIGH',
    userMessage: SERVICE_UNAVAILABLE,
    retryable: true,
    maxRetries: 3,
  },
  504: {
    type: 'SERVER_ERROR',
    severity: 'HIGH',
    userMessage: SERVICE_UNAVAILABLE,
    retryable: true,
    maxRetries: 3,
  },
};

/** Fallback for statuses without a policy: the server's text, retryable only at 500+. */
export const OTHER_STATUS_FALLBACK_MESSAGE = 'An error occurred. Please try again.';

export const NON_HTTP_POLICIES: Readonly<
  Record<'network' | 'timeout' | 'validation' | 'unknown', ErrorPolicy>
> = {
  network: {
    type: 'NETWORK_ERROR',
    severity: 'HIGH',
    userMessage:
      'Unable to connect to the server. Please check your internet connection and try again.',
    retryable: true,
    maxRetries: 3,
  },
  timeout: {
    type: 'TIMEOUT_ERROR',
    severity: 'MEDIUM',
    userMessage:
      'The request timed out. The service may be experiencing high load. Please try again.',
    retryable: true,
    maxRetries: 2,
  },
  validation: {
    type: 'VALIDATION_ERROR',
    severity: 'LOW',
    userMessage: 'Please check your input and try again.',
    retryable: false,
    maxRetries: 0,
  },
  unknown: {
    type: 'UNKNOWN_ERROR',
    severity: 'MEDIUM',
    userMessage: 'An unexpected error occurred. Please try again.',
    retryable: true,
    maxRetries: 1,
  },
};

/** Spec §8 "Response interceptor messages" (the server's text is preferred when present). */
export const INTERCEPTOR_MESSAGES = {
  400: 'Invalid request. Please check your input.',
  404: 'The requested resource was not found.',
  409: 'This action conflicts with existing data.',
  422: 'The data provided is invalid. Please check and try again.',
  429: 'Too many requests. Please slow down and try again.',
  serverError: 'Server error. Please try again later.',
  timeout: 'Request timed out. Please check your connection and try again.',
  offline: 'No internet connection. Please check your network and try again.',
} as const;

export function interceptorMessageForStatus(status: number): string {
  if (status >= 500) return INTERCEPTOR_MESSAGES.serverError;
  const known = (INTERCEPTOR_MESSAGES as Record<number, string>)[status];
  return known ?? `Request failed with status ${status}.`;
}

export const AUTH_FALLBACK_MESSAGES = {
  login: 'Login failed',
  registration: 'Registration failed',
  google: 'Google login failed',
  apple: 'Apple login failed',
  unexpected: 'An unexpected error occurred',
} as const;

export const CHAT_ERROR_CODES = [
  'NETWORK_ERROR',
  'RATE_LIMIT_EXCEEDED',
  'AUTHENTICATION_ERROR',
  'AUTHORIZATION_ERROR',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT_ERROR',
  'VALIDATION_ERROR',
  'UNKNOWN_ERROR',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

/** Chat error code for an HTTP status, with the spec's retry rule. */
export function chatErrorCodeForStatus(status: number): {
  code: ChatErrorCode;
  retryable: boolean;
} {
  if (status === 429) return { code: 'RATE_LIMIT_EXCEEDED', retryable: false };
  if (status === 401 || status === 403) return { code: 'AUTHENTICATION_ERROR', retryable: false };
  if (status >= 500) return { code: 'SERVICE_UNAVAILABLE', retryable: true };
  if (status === 400 || status === 422) return { code: 'VALIDATION_ERROR', retryable: false };
  return { code: 'UNKNOWN_ERROR', retryable: false };
}

/**
 * Spec §8 "Websocket server error mapping", checked in order against the lower-cased server
 * error text or code. Server-side provider failures are classified into these same classes.
 */
export const WS_ERROR_MAPPING = [
  {
    kind: 'rate_limit',
    match: ['rate limit', 'rate_limit'],
    message: 'Rate limit exceeded. Please wait a moment before trying again.',
    retryable: true,
  },
  {
    kind: 'quota',
    match: ['quota', 'limit reached'],
    message: 'Usage limit reached. Please check your subscription.',
    retryable: false,
  },
  {
    kind: 'model_unavailable',
    match: ['model not available', 'model_not_available', 'model unavailable', 'model_unavailable'],
    message: 'The selected AI model is currently unavailable. Please try another model.',
    retryable: true,
  },
  {
    kind: 'context_length',
    match: ['context length', 'context_length', 'token limit', 'token_limit'],
    message: 'Message too long. Please shorten your message and try again.',
    retryable: false,
  },
  {
    kind: 'timeout',
    match: ['timeout', 'timed out'],
    message: 'Request timed out. The AI service might be busy. Please try again.',
    retryable: true,
  },
] as const;
export type WsErrorKind = (typeof WS_ERROR_MAPPING)[number]['kind'];

export function mapWebsocketError(text: string): (typeof WS_ERROR_MAPPING)[number] | undefined {
  const lower = text.toLowerCase();
  return WS_ERROR_MAPPING.find((m) => m.match.some((needle) => lower.includes(needle)));
}

export const CONNECTION_ERROR_MESSAGES = {
  timeout: 'Connection timed out. Please check your internet connection.',
  authentication: 'Authentication failed. Please log in again.',
  forbidden: 'Access denied. Please check your permissions.',
  server: 'Server error. Please try again later.',
  network: 'Network error. Please check your internet connection.',
} as const;

/** The remaining texts of spec §2, §4, §5 and §8 that features show. */
export const MESSAGES = {
  noActivityTimeout: 'Request timed out. The AI stopped responding. Please try again.',
  conversationNotFound: 'Conversation not found',
  conversationLoadFailed: 'Failed to load conversation',
  sendFailedFallback: 'Server error. Please try again later.',
  streamErrorDefault: 'Streaming error occurred',
  streamErrorService: 'AI service error - please try again',
  /** An answer that failed on our side (database, event bus), not the AI provider's. */
  streamErrorServer: 'Server error. Please try again later.',
  streamErrorPrefix: '❌ Error: ',
  cancelledSuffix: '*[Response generation was cancelled]*',
  cancelledEmpty: '*Response cancelled*',
  messageEmpty: 'Message cannot be empty',
  allocateIdFailed: 'Failed to send message. Please try again.',
  responseValidationFailed: (provider: string) => `Response validation failed for ${provider}`,
  noRefreshToken: 'No refresh token available',
  inputRequired: 'Input is required',
  invalidUrl: 'Invalid URL format',
  invalidEmail: 'Invalid email format',
  forbidden: 'You do not have permission to perform this action.',
  pageNotFound: 'Page not found',
  loading: 'Loading...',
  signUpModalTitle: 'Sign Up to Access This Feature',
  signUpModalText: 'Create an account to unlock all features and save your work',
  signUpModalLogIn: 'Already have an account? Log In',
  pageError: 'Page Error',
  sectionError: 'Section Error',
  componentError: 'Component Error',
  messageErrorTitle: 'Message Error',
  messageErrorText: 'This message failed to display properly.',
  preloadErrorEvent: 'preload-error',
} as const;

/**
 * Codes of websocket `error` events the server raises for its own failures. A provider's fault
 * carries the provider error's kind instead (rate_limit, timeout, service_unavailable, …).
 */
export const STREAM_ERROR_CODES = {
  /** The service's own infrastructure (database, event bus) failed mid-answer. */
  serverError: 'server_error',
  /** The process running the answer stopped before it ended. */
  interrupted: 'interrupted',
  resumeFailed: 'resume_failed',
} as const;

/** Server-side error codes (the `error` field of every error body) and their HTTP statuses. */
export const API_ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_error: 422,
  unauthorized: 401,
  verification_required: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
  /**
   * The process is draining before a restart (README "Rolling restarts"): the same request,
   * sent again, reaches another process. Comes with Retry-After.
   */
  server_restarting: 503,
  /** Google or Apple sign-in asked for while that provider has no credentials configured. */
  provider_not_configured: 404,
  /**
   * A call that needs the card provider on a server without Stripe keys (like
   * provider_not_configured: the feature does not exist on this server).
   */
  payments_not_configured: 404,
  /**
   * A call to something an admin has turned off with a feature flag (Google or Apple sign-in,
   * two-factor sign-in): like provider_not_configured, it is not available on this server now.
   */
  feature_disabled: 404,
  /** The card provider refused the card (its message is in `detail`). */
  card_declined: 402,
  /** A vault call without a live vault session: unlock with the PIN first. */
  vault_locked: 423,
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
