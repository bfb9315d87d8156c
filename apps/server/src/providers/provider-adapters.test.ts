import {
  MESSAGES,
  PROVIDERS,
  STATUS_POLICIES,
  WS_ERROR_MAPPING,
  type Provider,
} from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import type { ChatStreamEvent, ProviderAdapter } from './chat-types';
import { ProviderError, type ProviderErrorKind } from './provider-error';
import { createProviderAdapter } from './provider-registry';
import {
  operatorOutbound,
  startLocalTokenEndpoint,
  type LocalTokenEndpoint,
} from './provider-test-kit';

const MODELS: Record<Provider, string> = {
  openai: 'gpt-5-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
  google: 'gemini-2.5-flash',
  grok: 'grok-3-mini',
};

const wsText = (kind: string): string =>
  WS_ERROR_MAPPING.find((m) => m.kind === kind)?.message ?? '';
const USER_TEXT: Record<
  Exclude<ProviderErrorKind, 'cancelled' | 'unknown' | 'invalid_response'>,
  string
> = {
  rate_limit: wsText('rate_limit'),
  quota: wsText('quota'),
  model_unavailable: wsText('model_unavailable'),
  context_length: wsText('context_length'),
  timeout: wsText('timeout'),
  no_activity: MESSAGES.noActivityTimeout,
  auth: wsText('model_unavailable'),
  service_unavailable: STATUS_POLICIES[503]?.userMessage ?? '',
};

const FAULTS: readonly (readonly [directive: string, kind: keyof typeof USER_TEXT])[] = [
  ['fault=429', 'rate_limit'],
  ['fault=quota', 'quota'],
  ['fault=500', 'service_unavailable'],
  ['fault=503', 'service_unavailable'],
  ['fault=context_length', 'context_length'],
  ['fault=auth', 'auth'],
  ['fault=model_not_found', 'model_unavailable'],
  ['fault=drop fault-after=5', 'service_unavailable'],
  ['fault=500 fault-after=5', 'service_unavailable'],
];

async function drain(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError))
    throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

let sim: ProviderSim;
let tokens: LocalTokenEndpoint;
let providersConfig: AppConfig['providers'];

beforeAll(async () => {
  sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 3_000 } });
  tokens = await startLocalTokenEndpoint();
  providersConfig = {
    openai: { apiKey: 'sk-test-openai', baseUrl: sim.baseUrls.openai },
    anthropic: { apiKey: 'sk-ant-test', baseUrl: sim.baseUrls.anthropic },
    gemini: { apiKey: 'gemini-test-key', baseUrl: sim.baseUrls.gemini },
    googleVertex: {
      project: 'sim-project',
      location: 'us-central1',
      credentialsFile: tokens.credentialsFile,
      baseUrl: sim.baseUrls.google,
    },
    xai: { apiKey: 'xai-test-key', baseUrl: sim.baseUrls.grok },
  };
});

const outbound = operatorOutbound();

afterAll(async () => {
  outbound.close();
  await sim.close();
  await tokens.close();
});

function adapterFor(
  provider: Provider,
  timeouts = { noActivityMs: 5_000, idleMs: 5_000 },
): ProviderAdapter {
  const adapter = createProviderAdapter(provider, providersConfig, timeouts, outbound);
  if (!adapter) throw new Error(`${provider} is not configured`);
  return adapter;
}

describe.each(PROVIDERS)('%s adapter against provider-sim', (provider) => {
  const model = MODELS[provider];
  const ask = (text: string) => ({ model, messages: [{ role: 'user' as const, content: text }] });

  it('streams a full answer, then usage and a stop finish', async () => {
    const events = await drain(
      adapterFor(provider).streamChat({ ...ask('Explain HTTP caching'), system: 'Be brief.' }),
    );
    const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(10);
    expect(text).toMatch(/^#|\n#/);
    expect(events.at(-2)).toMatchObject({ type: 'usage' });
    const usage = events.at(-2);
    if (usage?.type !== 'usage') throw new Error('no usage');
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(10);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    const record = sim.requests.findLast((r) => r.provider === provider);
    expect(record?.outcome).toBe('completed');
    expect(record?.model).toBe(model);
  });

  it('stamps each token with when it arrived, also when it is read later', async () => {
    const events = adapterFor(provider).streamChat(ask('Count slowly [sim tokens=6 tps=50]'));
    const stream = events[Symbol.asyncIterator]();
    const first = await stream.next();
    // The reader is busy (a turn being stored) while the rest of the answer arrives.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const readFrom = Date.now();
    const arrivals = [first.value as ChatStreamEvent];
    for (let next = await stream.next(); !next.done; next = await stream.next())
      arrivals.push(next.value);
    const stamps = arrivals.flatMap((e) =>
      e.type === 'text' && e.receivedAt !== undefined ? [e.receivedAt] : [],
    );
    expect(stamps.length).toBeGreaterThanOrEqual(6);
    expect(stamps.at(-1)! - stamps[0]!).toBeGreaterThanOrEqual(50);
    expect(stamps.at(-1)!).toBeLessThan(readFrom);
  });

  it('answers without streaming through completeChat, cut by maxOutputTokens', async () => {
    const done = await adapterFor(provider).completeChat({
      ...ask('Describe a B-tree'),
      maxOutputTokens: 20,
    });
    expect(done.text.length).toBeGreaterThan(0);
    expect(done.finishReason).toBe('length');
    expect(done.usage.outputTokens).toBeGreaterThan(0);
  });

  it('closes the upstream connection within 1 s of cancel', async () => {
    const cancel = new AbortController();
    const stream = adapterFor(provider).streamChat({
      ...ask('Write a long essay [sim tps=20 tokens=2000]'),
      signal: cancel.signal,
    });
    let cancelledAt = 0;
    const failure = failureOf(
      (async () => {
        for await (const event of stream) {
          if (event.type === 'text' && cancelledAt === 0) {
            cancelledAt = Date.now();
            cancel.abort();
          }
        }
      })(),
    );
    const record = await sim.waitForRequest(
      (r) => r.provider === provider && r.closedByClientAt !== undefined && r.endedAt !== undefined,
    );
    expect((await failure).kind).toBe('cancelled');
    expect(record.outcome).toBe('client_closed');
    expect((record.closedByClientAt ?? Infinity) - cancelledAt).toBeLessThan(1_000);
    sim.clearRequests();
  });

  it.each(FAULTS)('maps [sim %s] to %s with the spec text', async (directive, kind) => {
    const error = await failureOf(
      drain(adapterFor(provider).streamChat(ask(`Hello [sim ${directive}]`))),
    );
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(USER_TEXT[kind]);
    expect(error.provider).toBe(provider);
  });

  it.each(['fault-after=0', 'fault-after=5'])(
    'reports an event of the wrong shape ([sim fault=malformed %s]) with the spec §5 text',
    async (after) => {
      const error = await failureOf(
        drain(adapterFor(provider).streamChat(ask(`Hello [sim fault=malformed ${after}]`))),
      );
      expect(error.kind).toBe('invalid_response');
      expect(error.message).toBe(MESSAGES.responseValidationFailed(provider));
      expect(error.upstreamMessage).toMatch(/is not a/);
    },
  );

  it('reports a malformed reply to completeChat with the spec §5 text', async () => {
    const error = await failureOf(
      adapterFor(provider).completeChat(ask('Hello [sim fault=malformed fault-after=2]')),
    );
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toBe(`Response validation failed for ${provider}`);
  });

  it('aborts with the no-activity text when nothing arrives before the first token', async () => {
    const started = Date.now();
    const error = await failureOf(
      drain(
        adapterFor(provider, { noActivityMs: 300, idleMs: 5_000 }).streamChat(
          ask('Hello [sim fault=stall fault-after=0]'),
        ),
      ),
    );
    expect(error.kind).toBe('no_activity');
    expect(error.message).toBe(MESSAGES.noActivityTimeout);
    expect(Date.now() - started).toBeLessThan(3_000);
    await sim.waitForRequest((r) => r.provider === provider && r.closedByClientAt !== undefined);
    sim.clearRequests();
  });

  it('times out a stream that stalls after it started', async () => {
    const error = await failureOf(
      drain(
        adapterFor(provider, { noActivityMs: 5_000, idleMs: 300 }).streamChat(
          ask('Hello [sim fault=stall fault-after=5]'),
        ),
      ),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(wsText('timeout'));
  });
});

describe.each(['openai', 'grok', 'gemini', 'google'] as const)(
  '%s adapter, whole answers',
  (provider) => {
    const model = MODELS[provider];
    const ask = (text: string) => ({ model, messages: [{ role: 'user' as const, content: text }] });

    it('asks the upstream for a whole answer, as the official SDK does, and reads the same answer', async () => {
      sim.clearRequests();
      const done = await adapterFor(provider).completeChat(ask('Explain HTTP caching'));
      const record = sim.requests.findLast((r) => r.provider === provider);
      expect(record).toMatchObject({ stream: false, status: 200, outcome: 'completed' });
      if (provider === 'gemini' || provider === 'google')
        expect(record?.path).toMatch(/:generateContent$/);
      expect(record?.body).not.toHaveProperty('stream');
      expect(record?.body).not.toHaveProperty('stream_options');
      const streamed = await drain(adapterFor(provider).streamChat(ask('Explain HTTP caching')));
      expect(done.text).toBe(streamed.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join(''));
      expect({ type: 'usage', ...done.usage }).toEqual(streamed.at(-2));
      expect(done.finishReason).toBe('stop');
    });

    it.each(FAULTS)('maps [sim %s] to %s with the spec text', async (directive, kind) => {
      const error = await failureOf(
        adapterFor(provider).completeChat(ask(`Hello [sim ${directive}]`)),
      );
      expect(error.kind).toBe(kind);
      expect(error.message).toBe(USER_TEXT[kind]);
      expect(error.provider).toBe(provider);
    });

    it('closes the upstream connection within 1 s of cancel', async () => {
      sim.clearRequests();
      const cancel = new AbortController();
      const failure = failureOf(
        adapterFor(provider).completeChat({
          ...ask('Write a long essay [sim tps=20 tokens=2000]'),
          signal: cancel.signal,
        }),
      );
      await sim.waitForRequest((r) => r.provider === provider && r.stream === false);
      const cancelledAt = Date.now();
      cancel.abort();
      const record = await sim.waitForRequest(
        (r) =>
          r.provider === provider && r.closedByClientAt !== undefined && r.endedAt !== undefined,
      );
      expect((await failure).kind).toBe('cancelled');
      expect(record.outcome).toBe('client_closed');
      expect((record.closedByClientAt ?? Infinity) - cancelledAt).toBeLessThan(1_000);
      sim.clearRequests();
    });

    it('times out an answer that does not arrive whole in time, and hangs up', async () => {
      sim.clearRequests();
      const adapter = createProviderAdapter(provider, providersConfig, { wholeMs: 300 }, outbound);
      const started = Date.now();
      const error = await failureOf(adapter!.completeChat(ask('Hello [sim fault=stall]')));
      expect(error.kind).toBe('timeout');
      expect(error.message).toBe(wsText('timeout'));
      expect(Date.now() - started).toBeLessThan(3_000);
      await sim.waitForRequest((r) => r.provider === provider && r.closedByClientAt !== undefined);
      sim.clearRequests();
    });
  },
);

describe('anthropic request', () => {
  it('authenticates and names the API version as the official SDK (1.x) does', async () => {
    sim.clearRequests();
    await drain(
      adapterFor('anthropic').streamChat({
        model: MODELS.anthropic,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    const record = sim.requests.find((r) => r.provider === 'anthropic');
    expect(record).toMatchObject({ path: '/v1/messages', status: 200 });
    expect(record?.headers.authorization).toBe('[redacted]');
    expect(record?.headers['x-api-key']).toBeUndefined();
    expect(record?.headers['anthropic-version']).toBe('2026-10-21');
  });
});

describe('vertex credentials', () => {
  it('signs a service-account assertion and sends the token it gets back', async () => {
    sim.clearRequests();
    const adapter = adapterFor('google');
    await drain(
      adapter.streamChat({ model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(tokens.issued.length).toBeGreaterThan(0);
    const issued = tokens.issued.length;
    await drain(
      adapter.streamChat({
        model: 'gemini-2.5-pro',
        messages: [{ role: 'user', content: 'Again' }],
      }),
    );
    // The token is good for an hour: the second request reuses it.
    expect(tokens.issued.length).toBe(issued);
    const record = sim.requests.find((r) => r.provider === 'google');
    expect(record?.path).toContain('/projects/sim-project/locations/us-central1/');
    expect(record?.status).toBe(200);
  });
});
