import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEATURE_FLAGS,
  HTTP,
  LIMITS,
  PRELOAD_REMAINING_DELAY_MS,
  PRELOAD_RULES,
  PROVIDERS,
  PROVIDER_MATH_DELIMITERS,
  QUERY_CACHE,
  RETRY,
  SESSION,
  STREAM_UI,
  TOAST,
  VISITOR_ID_PATTERN,
  WEBSOCKET,
  reconnectDelayMs,
  retryDelayMs,
} from './index';

// Expected values are spec §9's numbers, written out here by hand on purpose.
describe('spec §9 constants', () => {
  it('timeouts', () => {
    expect(HTTP).toMatchObject({
      apiTimeoutMs: 30000,
      sendTimeoutMs: 600000,
      allocateIdTimeoutMs: 10000,
      noActivityAbortMs: 30000,
    });
    expect(HTTP).toMatchObject({
      csrfHeader: 'X-CSRF-Token',
      connectionIdHeader: 'X-Connection-Id',
    });
  });

  it('retry policy', () => {
    expect(RETRY).toEqual({
      maxAttempts: 3,
      baseDelayMs: 1000,
      maxDelayMs: 30000,
      retryableTypes: ['NETWORK_ERROR', 'TIMEOUT_ERROR', 'SERVER_ERROR', 'RATE_LIMIT_ERROR'],
    });
  });

  it('session', () => {
    expect(SESSION).toEqual({
      sessionTimeoutMs: 1800000,
      tokenRefreshBufferMs: 300000,
      appleTokenExpirySeconds: 3600,
    });
  });

  it('limits', () => {
    expect(LIMITS).toEqual({
      messageMaxChars: 10000,
      historyPageSize: 50,
      recentConversationsChatService: 20,
      recentConversationsDefault: 10,
      favouritesPageSize: 20,
      breadcrumbCap: 50,
      logFlushIntervalMs: 30000,
      longTaskMs: 50,
    });
  });

  it('websocket', () => {
    expect(WEBSOCKET).toEqual({
      maxReconnectAttempts: 10,
      reconnectBaseDelayMs: 1000,
      reconnectFactor: 1.5,
      reconnectMaxDelayMs: 30000,
      reconnectJitter: 0.2,
      pingIntervalMs: 25000,
      pongWaitMs: 5000,
      connectTimeoutMs: 10000,
      firstPingDelayMs: 1000,
      tokenBatchSize: 5,
      tokenBatchIntervalMs: 16,
      queueMax: 1000,
    });
  });

  it('stream UI, toasts, cache', () => {
    expect(STREAM_UI).toEqual({
      refreshMs: 16,
      compareRefreshMs: 33,
      compareStaggerMs: 10,
      completedCleanupMs: 100,
    });
    expect(TOAST).toEqual({
      defaultDurationMs: 5000,
      errorDurationMs: 8000,
      warningDurationMs: 6000,
      animationMs: 200,
    });
    expect(QUERY_CACHE).toEqual({ staleTimeMs: 300000, retry: 1 });
  });

  it('preloads by route group', () => {
    const rules = PRELOAD_RULES.map((r) => ({
      from: [...r.from],
      screens: r.screens && [...r.screens],
      preload: [...r.preload],
      delayMs: r.delayMs,
    }));
    expect(rules).toEqual([
      {
        from: ['core'],
        screens: ['home', 'chat-list', 'chat-detail'],
        preload: ['workspace', 'subscriptions'],
        delayMs: 1000,
      },
      { from: ['auth'], screens: ['login', 'signup'], preload: ['auth'], delayMs: 500 },
      { from: ['auth'], screens: ['login', 'signup'], preload: ['core'], delayMs: 2000 },
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
        delayMs: 1000,
      },
    ]);
    expect(PRELOAD_REMAINING_DELAY_MS).toBe(5000);
  });

  it('providers, math delimiters and feature flags of spec §1 and §3', () => {
    expect([...PROVIDERS]).toEqual(['openai', 'anthropic', 'gemini', 'google', 'grok']);
    expect(PROVIDER_MATH_DELIMITERS).toEqual({
      openai: 'latex-brackets',
      anthropic: 'latex-brackets',
      grok: 'latex-brackets',
      gemini: 'dollars',
      google: 'dollars',
    });
    expect(FEATURE_FLAGS).toEqual({
      google_sign_in: true,
      apple_sign_in: true,
      two_factor: false,
      analytics: true,
      mock_api: false,
      https: true,
      sharing: true,
    });
  });
});

describe('retryDelayMs', () => {
  it('is 1000 ms × 2^attempt capped at 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('never exceeds 30000 ms, never drops below 1000 ms, and never decreases', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(200), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const d = retryDelayMs(hi);
        return d <= 30000 && retryDelayMs(lo) >= 1000 && retryDelayMs(lo) <= d;
      }),
    );
  });
});

describe('reconnectDelayMs', () => {
  it('is 1 s × 1.5^attempt capped at 30 s', () => {
    expect([0, 1, 2, 3].map(reconnectDelayMs)).toEqual([1000, 1500, 2250, 3375]);
    expect(reconnectDelayMs(8)).toBeCloseTo(25628.906, 2);
    expect(reconnectDelayMs(9)).toBe(30000);
  });

  it('stays within [1 s, 30 s] and never decreases', () => {
    fc.assert(
      fc.property(fc.nat(200), (n) => {
        const d = reconnectDelayMs(n);
        return d >= 1000 && d <= 30000 && reconnectDelayMs(n + 1) >= d;
      }),
    );
  });
});

describe('VISITOR_ID_PATTERN', () => {
  it('accepts visitor_ with at least 128 bits of base64url or hex', () => {
    expect(VISITOR_ID_PATTERN.test('visitor_' + 'a'.repeat(22))).toBe(true);
    expect(VISITOR_ID_PATTERN.test('visitor_0123456789abcdef0123456789abcdef')).toBe(true);
  });

  it.each([
    'visitor_short',
    'user_0123456789abcdef0123456789abcdef',
    'visitor_' + 'a'.repeat(65),
    'visitor_' + 'a'.repeat(21) + '!',
  ])('refuses %s', (id) => {
    expect(VISITOR_ID_PATTERN.test(id)).toBe(false);
  });
});
