import { RETRY, retryDelayMs, type ApiErrorCode } from '@parallax/contract';
import { isApiError } from '../errors/api-error';

const RESTARTING: ApiErrorCode = 'server_restarting';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs an idempotent call again while the server answers 503 `server_restarting`: a process
 * draining before a restart refuses sends that way (README "Rolling restarts"), and the next
 * attempt reaches another one. Other 503s (a model not configured) are final. Spec §9's delays (1 s × 2^n), at most RETRY.maxAttempts more times. Each
 * attempt builds its request anew, so it names the socket's connection id of that moment.
 */
export async function retryWhileRestarting<T>(
  call: () => Promise<T>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (
        !isApiError(error) ||
        error.status !== 503 ||
        error.code !== RESTARTING ||
        attempt >= RETRY.maxAttempts
      )
        throw error;
      await wait(retryDelayMs(attempt));
    }
  }
}
