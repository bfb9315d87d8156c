import { RETRY, retryDelayMs, type ClientErrorType } from '@parallax/contract';
import { classifyError, type StructuredError } from '../errors/classify-error';

export interface RetryOptions {
  /** Injectable for tests; defaults to a real timer. */
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (record: StructuredError, delayMs: number) => void;
  context?: Record<string, unknown>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isRetryableType(type: ClientErrorType): boolean {
  return (RETRY.retryableTypes as readonly ClientErrorType[]).includes(type);
}

/**
 * Runs `task`, retrying per spec §8/§9: only retryable error types, at most the type's own
 * maxRetries (never more than RETRY.maxAttempts), waiting 1000 ms × 2^attempt capped at 30 s.
 */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      const record = classifyError(error, {
        currentRetries: attempt,
        ...(options.context && { context: options.context }),
      });
      const allowed = Math.min(record.maxRetries, RETRY.maxAttempts);
      if (!record.retryable || !isRetryableType(record.type) || attempt >= allowed) throw error;
      const delay = retryDelayMs(attempt);
      options.onRetry?.(record, delay);
      await sleep(delay);
    }
  }
}
