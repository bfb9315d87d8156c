import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error';
import { retryWhileRestarting } from './retry-while-restarting';

const restarting = () =>
  new ApiError({ kind: 'http', status: 503, code: 'server_restarting', message: 'restarting' });

describe('retryWhileRestarting', () => {
  it('sends again after 1 s, 2 s… while the server answers 503 server_restarting', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWhileRestarting(
      async () => {
        calls += 1;
        if (calls < 3) throw restarting();
        return 'sent';
      },
      async (ms) => void waits.push(ms),
    );
    expect(result).toBe('sent');
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('gives up after three more attempts, and never retries another 503', async () => {
    let calls = 0;
    const always = () => {
      calls += 1;
      return Promise.reject(restarting());
    };
    await expect(retryWhileRestarting(always, async () => undefined)).rejects.toThrow('restarting');
    expect(calls).toBe(4);

    calls = 0;
    const unavailable = new ApiError({
      kind: 'http',
      status: 503,
      code: 'service_unavailable',
      message: 'off',
    });
    const model = () => {
      calls += 1;
      return Promise.reject(unavailable);
    };
    await expect(retryWhileRestarting(model, async () => undefined)).rejects.toBe(unavailable);
    expect(calls).toBe(1);
  });
});
