/** Business constants and limits of spec §9, in milliseconds unless the name says otherwise. */

export const HTTP = {
  apiTimeoutMs: 30_000,
  sendTimeoutMs: 10 * 60_000,
  allocateIdTimeoutMs: 10_000,
  /** Abort when no activity (status, progress or token) arrives for this long before the first token. */
  noActivityAbortMs: 30_000,
  csrfHeader: 'X-CSRF-Token',
  connectionIdHeader: 'X-Connection-Id',
  visitorIdHeader: 'X-Visitor-Id',
} as const;

export const RETRY = {
  maxAttempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  retryableTypes: ['NETWORK_ERROR', 'TIMEOUT_ERROR', 'SERVER_ERROR', 'RATE_LIMIT_ERROR'],
} as const;

/** 1000 ms × 2^attempt, capped at 30 s (attempt counts from 0). */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY.baseDelayMs * 2 ** attempt, RETRY.maxDelayMs);
}

export const SESSION = {
  sessionTimeoutMs: 1_800_000,
  tokenRefreshBufferMs: 300_000,
  appleTokenExpirySeconds: 3_600,
} as const;

export const LIMITS = {
  messageMaxChars: 10_000,
  historyPageSize: 50,
  recentConversationsChatService: 20,
  recentConversationsDefault: 10,
  favouritesPageSize: 20,
  breadcrumbCap: 50,
  logFlushIntervalMs: 30_000,
  longTaskMs: 50,
} as const;

export const WEBSOCKET = {
  maxReconnectAttempts: 10,
  reconnectBaseDelayMs: 1_000,
  reconnectFactor: 1.5,
  reconnectMaxDelayMs: 30_000,
  reconnectJitter: 0.2,
  pingIntervalMs: 25_000,
  pongWaitMs: 5_000,
  connectTimeoutMs: 10_000,
  firstPingDelayMs: 1_000,
  tokenBatchSize: 5,
  tokenBatchIntervalMs: 16,
  queueMax: 1_000,
} as const;

/**
 * How the server closes the sockets of a sign-in that ended (signed out from Settings or
 * everywhere, a password change or reset, an account disabled): the client ends the session
 * rather than reconnect with the token it holds. Other 4401 closes (a token that expired
 * before the connect) are left to the token refresh.
 */
export const WS_SIGNED_OUT = { code: 4401, reason: 'Signed out' } as const;

/** Reconnect delay before attempt n (0-based) without jitter: 1 s × 1.5^n, capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(
    WEBSOCKET.reconnectBaseDelayMs * WEBSOCKET.reconnectFactor ** attempt,
    WEBSOCKET.reconnectMaxDelayMs,
  );
}

export const STREAM_UI = {
  refreshMs: 16,
  compareRefreshMs: 33,
  compareStaggerMs: 10,
  completedCleanupMs: 100,
} as const;

export const TOAST = {
  defaultDurationMs: 5_000,
  errorDurationMs: 8_000,
  warningDurationMs: 6_000,
  animationMs: 200,
} as const;

export const QUERY_CACHE = {
  staleTimeMs: 5 * 60_000,
  retry: 1,
} as const;

/**
 * Preloads by route group (spec §9): when a screen of `from` is shown, the listed groups are
 * fetched after the delay. `from: '*'` is the rule for every remaining group.
 */
export const PRELOAD_RULES = [
  {
    from: ['core'],
    screens: ['home', 'chat-list', 'chat-detail'],
    preload: ['workspace', 'subscriptions'],
    delayMs: 1_000,
  },
  { from: ['auth'], screens: ['login', 'signup'], preload: ['auth'], delayMs: 500 },
  { from: ['auth'], screens: ['login', 'signup'], preload: ['core'], delayMs: 2_000 },
  { from: ['admin'], screens: null, preload: ['admin'], delayMs: 500 },
  {
    from: ['workspace'],
    screens: ['favourites', 'vault', 'prompt-templates'],
    preload: ['workspace'],
    delayMs: 500,
  },
  { from: ['subscriptions'], screens: null, preload: ['subscriptions'], delayMs: 500 },
  {
    from: ['core'],
    screens: ['projects', 'project-detail'],
    preload: ['workspace', 'core'],
    delayMs: 1_000,
  },
] as const;

/** "Remaining groups after about 5 s." */
export const PRELOAD_REMAINING_DELAY_MS = 5_000;

export const PROVIDERS = ['openai', 'anthropic', 'gemini', 'google', 'grok'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Math delimiters per provider (spec §3 "Provider display settings"). */
export const PROVIDER_MATH_DELIMITERS: Record<Provider, 'latex-brackets' | 'dollars'> = {
  openai: 'latex-brackets',
  anthropic: 'latex-brackets',
  grok: 'latex-brackets',
  gemini: 'dollars',
  google: 'dollars',
};

export const VISITOR_ID_PREFIX = 'visitor_';
/** visitor_ + at least 128 bits of randomness, as 32+ hex or base64url characters. */
export const VISITOR_ID_PATTERN = /^visitor_[A-Za-z0-9_-]{22,64}$/;

/**
 * The feature flags and their defaults (spec §1). Keys are the flags' names on the wire, in
 * the database and in `app.featureFlags.isOn(name)`; admins change the values at /admin/flags.
 */
export const FEATURE_FLAGS = {
  google_sign_in: true,
  apple_sign_in: true,
  two_factor: false,
  analytics: true,
  mock_api: false,
  https: true,
  sharing: true,
} as const;
export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAGS) as [
  keyof typeof FEATURE_FLAGS,
  ...(keyof typeof FEATURE_FLAGS)[],
];

/*
 * Constants the schemas use but the browser needs on its own. They live here, not beside the
 * schemas, so that importing one does not pull a schema module (and zod) into the web bundle.
 */

/**
 * Password bounds follow OWASP ASVS 5: at least 8 characters so guessing stays
 * expensive, at most 128 so hashing cost stays bounded.
 */
export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 128;

export const CONVERSATION_TITLE_MAX_CHARS = 200;
/** What an unnamed conversation is called until its first exchange names it. */
export const CONVERSATION_DEFAULT_TITLE = 'New chat';
/** Page size when the caller gives none; favourites ask for LIMITS.favouritesPageSize. */
export const CONVERSATION_LIST_DEFAULT_LIMIT = 20;

export const COMPARE_MIN_PANELS = 2;
export const COMPARE_MAX_PANELS = 6;

/*
 * Caps of the logging calls (schemas/logging.ts): kept here, apart from the zod schemas, so the
 * browser can fit its reports to them without loading zod.
 */
export const LOG_BATCH_MAX = 50;
export const TELEMETRY_BATCH_MAX = 200;

export const LOG_CAPS = {
  recordKeys: 50,
  keyChars: 100,
  scalarChars: 1000,
  idChars: 128,
  typeChars: 100,
  messageChars: 4000,
  userMessageChars: 1000,
  userAgentChars: 512,
  urlChars: 2048,
  stackChars: 16_000,
} as const;
