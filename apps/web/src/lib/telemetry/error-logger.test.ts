import { LOG_BATCH_MAX, LogErrorsRequest } from '@parallax/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors/api-error';
import { createErrorLogger, MAX_FLUSH_ATTEMPTS, type FlushResponse } from './error-logger';

afterEach(() => {
  vi.useRealTimers();
});

type Send = (url: string, body: string) => Promise<FlushResponse>;
type Beacon = (url: string, body: string) => boolean;
const accepted: Send = () => Promise.resolve({ status: 202 });

function sentBodies(send: { mock: { calls: Array<Parameters<Send>> } }): LogErrorsRequest[] {
  return send.mock.calls.map(([, body]) => LogErrorsRequest.parse(JSON.parse(body)));
}

describe('error logger', () => {
  it('flushes every 30 s a batch the contract accepts, context and breadcrumbs included', async () => {
    vi.useFakeTimers();
    const send = vi.fn<Send>(accepted);
    const logger = createErrorLogger({
      endpoint: '/api/v1/logging/errors',
      send,
      beacon: () => true,
    });
    logger.start();
    logger.addBreadcrumb('navigation', '/chats/c1');
    const id = logger.log(new ApiError({ kind: 'http', status: 503, message: 'down' }), {
      level: 'page',
      componentStack: 'x'.repeat(5000),
      nested: { deep: true },
    });
    logger.log('second');
    expect(id).toMatch(/^err_[0-9a-f]{12}$/);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toBe('/api/v1/logging/errors');
    const [batch] = sentBodies(send);
    expect(batch?.errors).toHaveLength(2);
    expect(batch?.errors[0]).toMatchObject({
      id,
      error: {
        type: 'SERVER_ERROR',
        message: 'down',
        retryable: true,
        context: { level: 'page', status: 503, nested: '{"deep":true}' },
      },
      breadcrumbs: [{ category: 'navigation', message: '/chats/c1' }],
    });
    expect(batch?.errors[1]?.error).toMatchObject({ type: 'UNKNOWN_ERROR', message: 'second' });
    expect(logger.pending()).toBe(0);
    logger.stop();
  });

  it('sends at most one contract batch per flush', async () => {
    const send = vi.fn<Send>(accepted);
    const logger = createErrorLogger({ endpoint: '/e', send, beacon: () => true });
    for (let i = 0; i < LOG_BATCH_MAX + 3; i++) logger.log(new Error(`e${i}`));
    await logger.flush();
    await logger.flush();
    expect(sentBodies(send).map((b) => b.errors.length)).toEqual([LOG_BATCH_MAX, 3]);
  });

  it('keeps a batch that could not be delivered for a bounded number of flushes, and says so once', async () => {
    const warn = vi.fn();
    const send = vi.fn<Send>(() => Promise.reject(new TypeError('Failed to fetch')));
    const logger = createErrorLogger({ endpoint: '/e', send, beacon: () => true, warn });
    logger.log(new Error('offline'));
    for (let i = 0; i < MAX_FLUSH_ATTEMPTS; i++) {
      expect(logger.pending()).toBe(1);
      await logger.flush();
    }
    expect(send).toHaveBeenCalledTimes(MAX_FLUSH_ATTEMPTS);
    expect(logger.pending()).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('retries after a 503 but drops a batch the server refuses as invalid', async () => {
    const warn = vi.fn();
    const statuses = [503, 202];
    const send = vi.fn<Send>(() => Promise.resolve({ status: statuses.shift() ?? 422 }));
    const logger = createErrorLogger({ endpoint: '/e', send, beacon: () => true, warn });
    logger.log(new Error('a'));
    await logger.flush();
    expect(logger.pending()).toBe(1);
    await logger.flush();
    expect(logger.pending()).toBe(0);
    logger.log(new Error('b'));
    await logger.flush();
    expect(logger.pending()).toBe(0);
    expect(send).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('sends what is left by beacon when the page is hidden, and keeps it if the beacon is refused', () => {
    const beacon = vi.fn<Beacon>(() => false);
    const logger = createErrorLogger({ endpoint: '/e', send: vi.fn<Send>(accepted), beacon });
    logger.start();
    logger.log(new Error('late'));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(logger.pending()).toBe(1);
    beacon.mockReturnValue(true);
    window.dispatchEvent(new Event('pagehide'));
    expect(logger.pending()).toBe(0);
    const body = JSON.parse(beacon.mock.calls[1]?.[1] ?? '') as unknown;
    expect(LogErrorsRequest.safeParse(body).success).toBe(true);
    logger.stop();
  });
});
