import { afterEach, describe, expect, it, vi } from 'vitest';
import { createErrorLogger } from './error-logger';

afterEach(() => {
  vi.useRealTimers();
});

describe('error logger', () => {
  it('batches errors and flushes every 30 s as { errors: [...] } in snake_case', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => undefined);
    const logger = createErrorLogger({
      endpoint: '/api/v1/logging/errors',
      send,
      beacon: () => true,
    });
    logger.start();
    const id = logger.log(new Error('kaboom'), { level: 'page' });
    logger.log('second');
    expect(id).toMatch(/^err_[0-9a-f]{12}$/);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(1);
    const [url, body] = send.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/v1/logging/errors');
    const parsed = JSON.parse(body) as { errors: Array<Record<string, unknown>> };
    expect(parsed.errors).toHaveLength(2);
    expect(parsed.errors[0]).toMatchObject({ id, error: 'kaboom', context: { level: 'page' } });
    expect(parsed.errors[0]).toHaveProperty('stack_trace');
    expect(parsed.errors[0]).toHaveProperty('user_agent');
    expect(logger.pending()).toBe(0);
    logger.stop();
  });

  it('sends what is left by beacon when the page is hidden', () => {
    const beacon = vi.fn(() => true);
    const logger = createErrorLogger({ endpoint: '/e', send: vi.fn(), beacon });
    logger.start();
    logger.log(new Error('late'));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(logger.pending()).toBe(0);
    logger.stop();
  });
});
