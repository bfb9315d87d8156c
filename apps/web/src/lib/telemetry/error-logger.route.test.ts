// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../../e2e/support/server-process';
import { ApiError } from '../errors/api-error';
import { createErrorLogger, type FlushResponse } from './error-logger';

/*
 * What the web's logger really produces, posted over HTTP to the real server (the process
 * `npm start` runs, on a fresh SQLite file): the route must accept the payload as it is.
 * Node environment with the page's address and browser stubbed in as a tab would have them.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  vi.stubGlobal('location', new URL(`${server.url}/chats/c_1`));
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0' });
}, 90_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.stop();
});

describe('error logger → POST /api/v1/logging/errors', () => {
  it('is accepted with 202, every entry stored', async () => {
    const answers: Array<{ status: number; body: unknown }> = [];
    const warnings: unknown[] = [];
    const logger = createErrorLogger({
      endpoint: `${server.url}/api/v1/logging/errors`,
      send: async (url, body): Promise<FlushResponse> => {
        const response = await fetch(url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        });
        answers.push({ status: response.status, body: await response.json() });
        return response;
      },
      beacon: () => false,
      warn: (message) => warnings.push(message),
    });
    logger.setUserId(null);
    logger.addBreadcrumb('navigation', '/chats/c_1', { from: '/' });
    logger.log(new Error('render exploded'), {
      level: 'section',
      componentStack: `\n    at Bomb${' '.repeat(3000)}`,
    });
    logger.log(
      new ApiError({ kind: 'http', status: 500, message: 'Server error', requestId: 'r1' }),
    );
    logger.log('a thrown string');

    await logger.flush();

    expect(warnings).toEqual([]);
    expect(answers).toEqual([{ status: 202, body: { accepted: 3 } }]);
    expect(logger.pending()).toBe(0);
  });
});
