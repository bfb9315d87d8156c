import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { ProviderError } from './provider-error';
import { createProviderAdapter } from './provider-registry';
import { operatorOutbound } from './provider-test-kit';

const KEY = 'sk-live-DO-NOT-LEAK-7f3a9c2e';

// An upstream (or proxy) that echoes the credential it was sent back in its error body.
let echo: Server;
let baseUrl: string;
beforeAll(async () => {
  echo = createServer((req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          message: `Incorrect API key provided: ${req.headers.authorization ?? ''}`,
          code: 'invalid_api_key',
        },
      }),
    );
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

const config = (): AppConfig['providers'] => ({
  openai: { apiKey: KEY, baseUrl },
  anthropic: { apiKey: undefined, baseUrl: undefined },
  gemini: { apiKey: undefined, baseUrl: undefined },
  googleVertex: {
    project: undefined,
    location: undefined,
    credentialsFile: undefined,
    baseUrl: undefined,
  },
  xai: { apiKey: undefined, baseUrl: undefined },
});

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const event of stream) void event;
}

it.each(['completeChat', 'streamChat'])(
  '%s never carries the provider key in the error, its log text or its serialisation',
  async (path) => {
    const adapter = createProviderAdapter('openai', config(), {}, operatorOutbound());
    if (!adapter) throw new Error('openai is not configured');
    const request = { model: 'gpt-5-mini', messages: [{ role: 'user' as const, content: 'hi' }] };
    const error: unknown = await (
      path.startsWith('complete')
        ? adapter.completeChat(request)
        : drain(adapter.streamChat(request))
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderError);
    if (!(error instanceof ProviderError)) return;
    expect(error.kind).toBe('auth');
    expect(error.upstreamMessage).toContain('Incorrect API key provided: Bearer [redacted]');
    const everything = [
      error.message,
      error.upstreamMessage,
      error.stack,
      JSON.stringify(error),
      JSON.stringify({ ...error }),
      String(error.cause),
    ].join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain('DO-NOT-LEAK');
  },
);
