import { PROVIDERS, type Provider } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import type {
  ChatRequest,
  ChatStreamEvent,
  ChatTurn,
  ProviderAdapter,
  ToolCall,
  ToolSpec,
} from './chat-types';
import { createProviderAdapter } from './provider-registry';
import {
  operatorOutbound,
  startLocalTokenEndpoint,
  type LocalTokenEndpoint,
} from './provider-test-kit';

const MODELS: Record<Provider, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
  google: 'gemini-2.5-flash',
  grok: 'grok-4',
};

const TOOLS: ToolSpec[] = [
  {
    name: 'web_search',
    description: 'Search the web',
    parameters: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look for' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'read_page',
    description: 'Read a web page',
    parameters: { type: 'object', properties: { url: { type: 'string' } } },
  },
];

const PROMPT =
  'Find pets [sim call=web_search{"query":"cats and dogs"}|web_search{"query":"dogs"} call=read_page{"url":"https://example.com/a"}]';

let sim: ProviderSim;
let tokens: LocalTokenEndpoint;
let config: AppConfig['providers'];
const outbound = operatorOutbound();

beforeAll(async () => {
  sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 5_000 } });
  tokens = await startLocalTokenEndpoint();
  config = {
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

afterAll(async () => {
  outbound.close();
  await sim.close();
  await tokens.close();
});

function adapterFor(provider: Provider): ProviderAdapter {
  const adapter = createProviderAdapter(
    provider,
    config,
    { noActivityMs: 5_000, idleMs: 5_000 },
    outbound,
  );
  if (!adapter) throw new Error(`${provider} is not configured`);
  return adapter;
}

async function drain(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

function callsOf(events: readonly ChatStreamEvent[]): ToolCall[] {
  return events.flatMap((event) => (event.type === 'tool_call' ? [event.call] : []));
}

/** The assistant turn with the step's calls, then one result turn per call, in order. */
function answered(calls: readonly ToolCall[], results: readonly string[]): ChatTurn[] {
  return [
    { role: 'assistant', content: '', toolCalls: calls },
    ...calls.map((call, index): ChatTurn => ({
      role: 'tool',
      toolCallId: call.id,
      name: call.name,
      content: results[index] ?? '',
      ...(index === 1 ? { isError: true } : {}),
    })),
  ];
}

describe.each(PROVIDERS)('%s adapter: tool calls against provider-sim', (provider) => {
  const model = MODELS[provider];

  it('streams parallel calls, takes their results, calls again, then answers from the results', async () => {
    const adapter = adapterFor(provider);
    const request: ChatRequest = {
      model,
      system: 'Use the tools.',
      messages: [{ role: 'user', content: PROMPT }],
      tools: TOOLS,
    };
    const first = await drain(adapter.streamChat(request));
    const firstCalls = callsOf(first);
    expect(firstCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
      ['web_search', { query: 'cats and dogs' }],
      ['web_search', { query: 'dogs' }],
    ]);
    expect(
      first.filter((e) => e.type === 'tool_call').map((e) => e.type === 'tool_call' && e.index),
    ).toEqual([0, 1]);
    expect(new Set(firstCalls.map((call) => call.id)).size).toBe(2);
    expect(first.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
    expect(first.some((e) => e.type === 'text')).toBe(false);
    const offered = sim.requests.findLast((r) => r.provider === provider);
    expect(offered?.tools).toEqual(['web_search', 'read_page']);

    const afterFirst: ChatTurn[] = [
      ...request.messages,
      ...answered(firstCalls, ['Cats purr.', 'Search failed: timeout']),
    ];
    const second = await drain(adapter.streamChat({ ...request, messages: afterFirst }));
    const secondCalls = callsOf(second);
    expect(secondCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
      ['read_page', { url: 'https://example.com/a' }],
    ]);
    expect(second.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });

    const final = await drain(
      adapter.streamChat({
        ...request,
        messages: [...afterFirst, ...answered(secondCalls, ['Page A says hello.'])],
      }),
    );
    const text = final.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
    expect(callsOf(final)).toEqual([]);
    expect(text).toContain('"Cats purr." [1]');
    expect(text).toContain('"Search failed: timeout" [2]');
    expect(text).toContain('"Page A says hello." [3]');
    expect(final.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('returns the calls from completeChat, and the final answer after their results', async () => {
    const adapter = adapterFor(provider);
    const request: ChatRequest = {
      model,
      messages: [{ role: 'user', content: 'Look [sim call=read_page]' }],
      tools: TOOLS,
      toolChoice: 'auto',
      parallelToolCalls: false,
    };
    const step = await adapter.completeChat(request);
    expect(step.finishReason).toBe('tool_calls');
    expect(step.text).toBe('');
    expect(step.toolCalls).toHaveLength(1);
    expect(step.toolCalls[0]).toMatchObject({ name: 'read_page', arguments: '{}' });
    expect(step.usage.outputTokens).toBeGreaterThan(0);
    const final = await adapter.completeChat({
      ...request,
      messages: [...request.messages, ...answered(step.toolCalls, ['Nothing here.'])],
    });
    expect(final.finishReason).toBe('stop');
    expect(final.toolCalls).toEqual([]);
    expect(final.text).toContain('"Nothing here." [1]');
  });

  it('answers as text when the tool is not offered, and sends no tool fields then', async () => {
    const completion = await adapterFor(provider).completeChat({
      model,
      messages: [{ role: 'user', content: 'Look [sim call=read_page]' }],
    });
    expect(completion.finishReason).toBe('stop');
    expect(completion.toolCalls).toEqual([]);
    const record = sim.requests.findLast((r) => r.provider === provider);
    expect(record?.tools).toEqual([]);
    const body = JSON.stringify(record?.body);
    for (const field of ['tools', 'tool_choice', 'toolConfig', 'parallel_tool_calls'])
      expect(body).not.toContain(`"${field}"`);
  });
});
